import { useForm } from '@mantine/form';
import { isHTTPError } from 'ky';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { type z } from 'zod';
import { conflictMessage } from '../shared/contracts/common';
import { hasErrorCode } from '../shared/contracts/has-error-code';
import { getErrorReason, isAlreadyNotified } from './api-client';
import { focusFirstInvalid } from './focus-first-invalid';
import { fieldErrorsOf, type FieldErrors } from './form-errors';

/** The one text for a failed write that brought no German reason of its own (e.g. a proxy's HTML page). */
export const formFallbackMessage = 'Das hat leider nicht geklappt. Bitte versuche es noch einmal.';

/** What the form says above its fields: a failure without field messages, or a 409 (someone saved meanwhile). */
export type FormFailure = { message: string; conflict: boolean };

type Values = Record<string, unknown>;

/** A stale write: someone else saved the record meanwhile (409 `conflict`). */
export const isConflict = (error: unknown) => isHTTPError(error) && error.response.status === 409 && hasErrorCode(getErrorReason(error), 'conflict');

/**
 * What a failed write says in German: a conflict the contract's one text, otherwise the server's reason, otherwise the
 * one fallback text; null when the shared API handler has already told the user (offline, 504, 511).
 */
export function failureOf(error: unknown): FormFailure | null {
  if (isConflict(error)) return { message: conflictMessage, conflict: true };
  const reason = getErrorReason(error);
  if (reason) return { message: reason.message, conflict: false };
  return isAlreadyNotified(error) ? null : { message: formFallbackMessage, conflict: false };
}

/**
 * THE form capability (issue 9): every form of the portal is a @mantine/form form checked by the shared zod contract.
 *
 * - Values stay exactly as typed, so nothing is lost on bad input; `toInput` turns them into the schema's input.
 * - Timing: nothing is checked while typing at first. A submit checks everything; after a failed submit each changed
 *   field is checked again at once (its message follows the correction). Before that, editing a field drops its
 *   message (e.g. a server's).
 * - After a failed submit (client or server) focus moves to the first invalid field in the form's order.
 * - A server's `reason.fields` land on the fields; a 409 `conflict` shows the one German text of the contract; any
 *   other reason shows its message; an answer without one shows `formFallbackMessage`. The shared API handler has
 *   already told about offline/504/511, so those stay quiet here.
 */
export function useSchemaForm<V extends Values, S extends z.ZodType>(options: {
  schema: S;
  initialValues: V;
  /** turns the form's raw values (strings from text inputs) into the schema's input */
  toInput?: (values: V) => unknown;
  /** extra checks the schema can't make on its own (e.g. a password's strength), merged into its messages */
  check?: (values: V) => FieldErrors;
}) {
  const { schema, toInput, check } = options;
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);

  const errorsOf = (values: V): FieldErrors => {
    const parsed = schema.safeParse(toInput ? toInput(values) : values);
    return { ...(parsed.success ? {} : fieldErrorsOf(parsed.error)), ...check?.(values) };
  };

  const form = useForm<V, z.output<S>>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: errorsOf,
    // only reached after `validate` passed, so the parse succeeds
    transformValues: (values) => schema.parse(toInput ? toInput(values) : values),
    // editing clears or re-checks only the fields that changed (below), never the whole form
    clearInputErrorOnChange: false,
    onValuesChange: (next, previous) => {
      const changed = Object.keys(next).filter((key) => !Object.is(next[key], previous[key]));
      if (changed.length === 0) return;
      const found = submitted.current ? errorsOf(next) : {};
      mantine.current?.setErrors((current) => {
        const updated = { ...current };
        for (const key of changed) {
          if (found[key]) updated[key] = found[key];
          else delete updated[key];
        }
        return updated;
      });
    },
  });
  const mantine = useRef(form);
  mantine.current = form;

  const errors = form.errors as FieldErrors;

  const focusFirstError = (keys: string[]) => focusFirstInvalid(formRef.current, keys);

  /** Shows messages on fields (e.g. a password too weak, a confirmation missing) and moves focus to the first. */
  const setErrors = (next: FieldErrors) => {
    form.setErrors(next);
    if (Object.keys(next).length > 0) focusFirstError(Object.keys(next));
  };

  /** A failed write: field messages from `reason.fields`, the 409 text, the server's message or the fallback. */
  const showServerError = (error: unknown) => {
    const reason = getErrorReason(error);
    const fields = reason?.fields ?? {};
    const known = Object.keys(fields).filter((key) => key in form.getValues());
    if (known.length > 0) {
      setErrors(Object.fromEntries(known.map((key) => [key, fields[key] as string])));
      return;
    }
    setFailure(failureOf(error));
  };

  /**
   * The form's submit handler: checks, then runs `action` with the parsed data; a throw of `action` is shown by
   * `showServerError`. Resolves when all is done (tests and callers may await it).
   */
  const onSubmit =
    (action: (data: z.output<S>) => Promise<unknown> | unknown) =>
    (event?: FormEvent<HTMLFormElement>): Promise<void> =>
      new Promise<void>((resolve) => {
        submitted.current = true;
        setFailure(null);
        form.onSubmit(
          async (data) => {
            try {
              await action(data);
            } catch (error) {
              showServerError(error);
            } finally {
              resolve();
            }
          },
          (found) => {
            focusFirstError(Object.keys(found));
            resolve();
          },
        )(event);
      });

  const setValue = <K extends keyof V & string>(key: K, value: V[K]) => form.setFieldValue(key, value as never);

  /** props for a text-like input (TextInput, PasswordInput, Textarea, NativeSelect) bound to a string field */
  const input = <K extends keyof V & string>(key: K) => ({
    ...form.getInputProps(key),
    name: key,
    value: String(form.values[key] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setValue(key, event.currentTarget.value as V[K]),
    error: errors[key],
    // PasswordInput and Checkbox only mark the error with styles; this tells assistive technology (and focus) too
    'aria-invalid': errors[key] ? true : undefined,
  });

  /** props for a Checkbox bound to a boolean field */
  const checkbox = <K extends keyof V & string>(key: K) => ({
    ...form.getInputProps(key, { type: 'checkbox' }),
    name: key,
    checked: Boolean(form.values[key]),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(key, event.currentTarget.checked as V[K]),
    error: errors[key],
    'aria-invalid': errors[key] ? true : undefined,
  });

  /** props for a component whose onChange hands over the value itself (Checkbox.Group, DateInput, Radio.Group) */
  const field = <K extends keyof V & string>(key: K) => ({
    'data-path': key,
    value: form.values[key],
    onChange: (value: V[K]) => setValue(key, value),
    error: errors[key],
  });

  /** Several fields at once (e.g. a newer policy version arrived: version and acceptance together). */
  const patch = (partial: Partial<V>) => {
    for (const [key, value] of Object.entries(partial)) form.setFieldValue(key, value as never);
  };

  /** Back to `next` (or the initial values): no messages, not submitted. */
  const reset = (next?: V) => {
    submitted.current = false;
    setFailure(null);
    if (next) {
      form.setValues(next);
      form.setInitialValues(next);
    } else form.reset();
    form.clearErrors();
  };

  return {
    values: form.values,
    errors,
    setValue,
    patch,
    setErrors,
    failure,
    /** the form-level message, if any (conflict or other) */
    formError: failure?.message ?? null,
    setFailure,
    input,
    checkbox,
    field,
    onSubmit,
    showServerError,
    reset,
    formRef,
    submitting: form.submitting,
    /** the values differ from the ones the form started with (or was reset to): FormActions' `unsaved` */
    dirty: form.isDirty(),
  };
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
