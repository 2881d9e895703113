import { Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './documentation-form.module.css';

type InputProps = { 'aria-describedby'?: string; 'aria-invalid'?: true };

type Props = {
  /** the fieldset's id; description and error get `{id}-description` / `{id}-error` like Mantine's inputs */
  id: string;
  label: string;
  help: string;
  hint?: string;
  required: boolean;
  error: string | null;
  /** renders the inputs; spread `inputProps` on each so the help and the error are read with every option */
  children: (inputProps: InputProps) => ReactNode;
};

/**
 * A group of options (single/multi choice, files) as a real <fieldset> with a <legend> (WCAG 1.3.1): screen readers
 * name the group with the question. Mantine's groups render a div with role=radiogroup instead, so the question is
 * the legend here and Mantine's group only keeps the value.
 */
export function ChoiceFieldset({ id, label, help, hint, required, error, children }: Props) {
  const describedBy = [help || hint ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset id={id} className={classes.fieldset} aria-describedby={describedBy}>
      <legend className={classes.legend}>
        {label}
        {required && (
          <>
            <span aria-hidden className={classes.required}>
              {' *'}
            </span>
            <VisuallyHidden> (Pflichtfrage)</VisuallyHidden>
          </>
        )}
      </legend>
      {(help || hint) && (
        <Text id={`${id}-description`} size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {help}
          {help && hint ? ' ' : ''}
          {hint}
        </Text>
      )}
      {children({ 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error && (
        <Text id={`${id}-error`} size="sm" c="red.9" mt={4}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
