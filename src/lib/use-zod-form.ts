import { isHTTPError } from 'ky';
import { useRef, useState } from 'react';
import { type z } from 'zod';
import { conflictMessage } from '../shared/contracts/common';
import { getErrorReason, reportError } from './api-client';
import { fieldErrorsOf, type FieldErrors } from './form-errors';

/**
 * A small controlled form driven by the shared zod contract: the values stay exactly as typed (nothing is lost
 * on bad input), `submit` parses them with `toInput` + the schema and shows one German message per field; a
 * server answer's `reason.fields` lands on the same fields. Focus moves to the first invalid field.
 */
export function useZodForm<V extends Record<string, unknown>, S extends z.ZodType>(options: {
  schema: S;
  initialValues: V;
  /** turns the form's raw values (strings from text inputs) into the schema's input */
  toInput?: (values: V) => unknown;
}) {
  const { schema, toInput } = options;
  const [values, setValues] = useState<V>(options.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstError = () =>
    // after React has rendered the messages and aria-invalid
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);

  const setValue = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // a corrected field drops its message; the others keep theirs until the next submit
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key as string];
      return next;
    });
  };

  /** Parses the current values; on failure shows the messages and returns null. */
  const parse = (): z.output<S> | null => {
    const parsed = schema.safeParse(toInput ? toInput(values) : values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(fieldErrorsOf(parsed.error));
    focusFirstError();
    return null;
  };

  /** Shows a server's `reason.fields` (400) on the form; true when there were any. */
  const showServerErrors = (error: unknown): boolean => {
    const fields = getErrorReason(error)?.fields;
    if (!fields || Object.keys(fields).length === 0) return false;
    setErrors(fields);
    focusFirstError();
    return true;
  };

  /**
   * A failed save: a 409 (someone saved meanwhile) goes to `onConflict` with the server's text or the shared one, so
   * the form keeps the input; a 400's `reason.fields` land on the form; anything else is reported with `fallback`.
   */
  const showSaveError = (error: unknown, options: { onConflict: (text: string) => void; fallback: string }) => {
    if (isHTTPError(error) && error.response.status === 409) {
      options.onConflict(getErrorReason(error)?.message ?? conflictMessage);
      return;
    }
    if (!showServerErrors(error)) reportError(error, options.fallback);
  };

  /** props for a Mantine text-like input bound to a string field */
  const textProps = <K extends keyof V & string>(key: K) => ({
    value: (values[key] ?? '') as string,
    onChange: (event: { currentTarget: { value: string } }) => setValue(key, event.currentTarget.value as V[K]),
    error: errors[key],
    name: key,
  });

  return { values, setValues, setValue, errors, setErrors, parse, showServerErrors, showSaveError, textProps, formRef };
}

/** '' → null, "12" → 12, "1,5" → 1.5; anything else stays as typed so the schema answers with its German message. */
export function toCount(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  return /^-?\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : trimmed;
}

/** the form's text for a count from the server */
export const countText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
