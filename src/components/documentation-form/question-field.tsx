import { Checkbox, NumberInput, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AnswerValue } from '../../shared/contracts/documentation';
import type { Question } from '../../shared/contracts/documentation-template';
import { GermanDateInput } from '../forms/german-date-input';
import { ChoiceFieldset } from './choice-fieldset';
import classes from './documentation-form.module.css';

/**
 * Browsers that size a textarea to its text themselves (CSS `field-sizing`, Chromium) get the long answers' growth from
 * CSS; the others keep Mantine's autosize, which measures every textarea with a hidden copy of it: on a phone a form's
 * dozen long answers cost seconds of forced layout when the form opened (issue 35).
 */
const cssSizesTextareas = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

type Props = {
  id: string;
  question: Exclude<Question, { kind: 'files' }>;
  value: AnswerValue | undefined;
  error: string | null;
  readOnly: boolean;
  onChange: (value: AnswerValue) => void;
  onBlur: () => void;
};

/** the counter shows from this share of the limit on, so short answers aren't cluttered */
const COUNTER_FROM = 0.8;

function Counter({ length, max }: { length: number; max: number }) {
  if (length < max * COUNTER_FROM) return null;
  return (
    <Text component="span" size="xs" c={length > max ? 'red.9' : 'dimmed'} display="block">
      {length} von {max} Zeichen
    </Text>
  );
}

const describe = (help: string, extra?: ReactNode) =>
  help || extra ? (
    <>
      {help && <span style={{ whiteSpace: 'pre-line' }}>{help}</span>}
      {extra}
    </>
  ) : undefined;

/** one question other than files: the Mantine input of its kind with label, help as description and the error linked */
/** numbers and dates need a short box; the label above it keeps the question's full width */
const narrowBox = { wrapper: { maxWidth: 240 } } as const;

export function QuestionField({ id, question: q, value, error, readOnly, onChange, onBlur }: Props) {
  const base = { id, label: q.label, required: q.required, error, readOnly, onBlur, 'aria-invalid': error ? true : undefined } as const;
  switch (q.kind) {
    case 'text': {
      const text = typeof value === 'string' ? value : '';
      return (
        <TextInput
          {...base}
          description={describe(q.help, <Counter length={text.length} max={q.maxLength} />)}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    }
    case 'long_text': {
      const text = typeof value === 'string' ? value : '';
      return (
        <Textarea
          {...base}
          description={describe(q.help, <Counter length={text.length} max={q.maxLength} />)}
          {...(cssSizesTextareas ? { classNames: { input: classes.grows } } : { autosize: true, minRows: 4, maxRows: 20 })}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    }
    case 'number': {
      const range =
        q.min !== null && q.max !== null ? `von ${q.min} bis ${q.max}` : q.min !== null ? `ab ${q.min}` : q.max !== null ? `bis ${q.max}` : null;
      return (
        <NumberInput
          {...base}
          description={describe(q.help, range && <span style={{ display: 'block' }}>Eine ganze Zahl {range}.</span>)}
          value={typeof value === 'number' ? value : ''}
          // a typed number out of range stays as typed and is explained, never silently changed (clampBehavior none)
          clampBehavior="none"
          allowDecimal={false}
          min={q.min ?? undefined}
          max={q.max ?? undefined}
          hideControls
          inputMode="numeric"
          // only the box is narrow: label, help and message keep the full width (the * stayed on a line of its own)
          styles={narrowBox}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' || v === '-' ? null : Number.isFinite(Number(v)) ? Number(v) : null)}
        />
      );
    }
    case 'date':
      return (
        <GermanDateInput
          {...base}
          description={describe(q.help)}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={(v) => onChange(v ?? '')}
          styles={narrowBox}
          clearable={!readOnly}
          clearButtonProps={{ 'aria-label': 'Datum leeren' }}
        />
      );
    case 'single_choice': {
      const chosen = typeof value === 'string' ? value : '';
      return (
        <ChoiceFieldset id={id} label={q.label} help={q.help} required={q.required} error={error}>
          {(inputProps) => (
            <Radio.Group value={chosen} onChange={(v) => onChange(v)} readOnly={readOnly} name={id}>
              <Stack gap="xs" mt={4}>
                {q.options.map((o) => (
                  <Radio key={o.value} value={o.value} label={o.label} {...inputProps} onBlur={onBlur} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        </ChoiceFieldset>
      );
    }
    case 'multi_choice': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <ChoiceFieldset
          id={id}
          label={q.label}
          help={q.help}
          hint={q.maxChoices !== null ? `Höchstens ${q.maxChoices} ${q.maxChoices === 1 ? 'Option' : 'Optionen'}.` : undefined}
          required={q.required}
          error={error}
        >
          {(inputProps) => (
            <Checkbox.Group value={chosen} onChange={(v) => onChange(q.options.map((o) => o.value).filter((x) => v.includes(x)))} readOnly={readOnly}>
              <Stack gap="xs" mt={4}>
                {q.options.map((o) => (
                  <Checkbox key={o.value} value={o.value} label={o.label} {...inputProps} onBlur={onBlur} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        </ChoiceFieldset>
      );
    }
  }
}
