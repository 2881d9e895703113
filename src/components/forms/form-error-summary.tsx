import { Alert, Anchor, List, Text } from '@mantine/core';
import { useId, type Ref } from 'react';
import type { FieldErrors } from '../../lib/form-errors';
import classes from './form-error-summary.module.css';

/** one entry of the summary's list: the field's label and message, and how to get there */
export type FormErrorSummaryItem = { key: string; label: string; message: string; href: string; onSelect: () => void };

type Props = {
  errors: FieldErrors;
  /**
   * a long form: the summary names each field with its message, each a link to the field, and takes the focus after
   * a failed submit (`ref`, focusable by script only) instead of the first field, whose picker would open over the
   * message (the documentation form's "Projektbeginn")
   */
  items?: FormErrorSummaryItem[];
  ref?: Ref<HTMLDivElement>;
};

/** One line above the submit button, so a message further up the form isn't missed; with `items` the list of what is missing. */
export function FormErrorSummary({ errors, items, ref }: Props) {
  const headingId = useId();
  const count = Object.keys(errors).length;
  if (count === 0) return null;
  const text = count === 1 ? 'Bitte prüfe das markierte Feld.' : `Bitte prüfe die ${count} markierten Felder.`;
  if (!items) {
    return (
      <Alert color="red" variant="light" role="alert">
        {text}
      </Alert>
    );
  }
  return (
    <div ref={ref} tabIndex={-1} className={classes.summary} role="group" aria-labelledby={headingId}>
      <Alert color="red" variant="light" role="alert">
        <Text component="h2" id={headingId} fw={700} size="sm">
          {text}
        </Text>
        <List size="sm" mt={4} className={classes.list}>
          {items.map((item) => (
            <List.Item key={item.key}>
              <Anchor
                href={item.href}
                size="sm"
                c="red.9"
                underline="always"
                onClick={(event) => {
                  event.preventDefault();
                  item.onSelect();
                }}
              >
                {item.label}
              </Anchor>
              : {item.message}
            </List.Item>
          ))}
        </List>
      </Alert>
    </div>
  );
}
