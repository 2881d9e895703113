import { useState, type ChangeEvent, type FormEvent } from 'react';
import { type z } from 'zod';
import { getErrorReason, isAlreadyNotified, reportError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { passwordMessages } from '../../../shared/contracts/accounts';

type Values = Record<string, string | boolean>;
export type FieldErrors<V> = Partial<Record<keyof V | '_form', string>>;

/**
 * A small form state driven by the shared zod contract (CONVENTIONS habit 4): the same schema validates on the
 * server and here. Errors show after the first submit and then follow every change; server answers with
 * `reason.fields` land on their fields, other answers with a `reason` become the form's alert.
 * Not built on useZodForm (src/lib): that one drops a field's message on edit and focuses the first invalid field,
 * while here every change after the first submit re-validates the whole form; sharing a base would change both.
 */
export function useAccountForm<S extends z.ZodType, V extends Values>(schema: S, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  function validate(next: V) {
    const parsed = schema.safeParse(next);
    if (parsed.success) return { data: parsed.data as z.output<S>, errors: {} };
    const found = fieldErrorsOf(parsed.error) as FieldErrors<V>;
    // zod skips an object's refine while any field fails; a mismatch is worth telling at once
    if (typeof next.passwordRepeat === 'string' && next.passwordRepeat && next.password !== next.passwordRepeat) {
      (found as Record<string, string | undefined>).passwordRepeat ??= passwordMessages.mismatch;
    }
    return { data: undefined, errors: found };
  }

  function setValue<K extends keyof V>(name: K, value: V[K]) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validate(next).errors);
    else if (errors[name]) setErrors({ ...errors, [name]: undefined });
  }

  /** Several fields at once (e.g. a newer policy version arrived: version and acceptance together). */
  function patch(partial: Partial<V>) {
    const next = { ...values, ...partial };
    setValues(next);
    if (submitted) setErrors(validate(next).errors);
  }

  const input = (name: keyof V & string) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.currentTarget.value as V[typeof name]),
    error: errors[name],
  });

  const checkbox = (name: keyof V & string) => ({
    name,
    checked: Boolean(values[name]),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.currentTarget.checked as V[typeof name]),
    error: errors[name],
  });

  /** Validates, then runs `action` with the parsed data; failures of `action` go through `showServerError`. */
  const onSubmit = (action: (data: z.output<S>) => Promise<unknown>) => async (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    setFormError(null);
    const result = validate(values);
    setErrors(result.errors);
    if (result.data === undefined) return;
    try {
      await action(result.data);
    } catch (error) {
      showServerError(error);
    }
  };

  /** Field messages from `reason.fields`, else `reason.message` as the form's alert, else the shared handler. */
  function showServerError(error: unknown, fallback = 'Das hat leider nicht geklappt. Bitte versuche es noch einmal.') {
    const reason = getErrorReason(error);
    const fields = reason?.fields ?? {};
    const known = Object.keys(fields).filter((key) => key in values);
    if (known.length > 0) {
      setErrors(Object.fromEntries(known.map((key) => [key, fields[key]])) as FieldErrors<V>);
      return;
    }
    if (reason) {
      setFormError(reason.message);
      return;
    }
    if (!isAlreadyNotified(error)) reportError(error, fallback);
  }

  const reset = (next: V = initial) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
    setFormError(null);
  };

  return { values, setValue, patch, errors, setErrors, formError, setFormError, input, checkbox, onSubmit, showServerError, reset };
}
