import { isHTTPError } from 'ky';
import { useState } from 'react';
import { type z } from 'zod';
import { hasErrorCode } from '../shared/contracts/error-codes';
import { getErrorReason } from './api-client';

export type FieldErrors = Record<string, string>;

/**
 * The first German message per top-level field of a failed zod parse (the same shape as SPEC §3 `reason.fields`);
 * an issue without a path (an object-level refine) lands on `_form`.
 */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_form');
    errors[key] ??= issue.message;
  }
  return errors;
}

export type SubmitFailure = {
  /** German text for an alert above the form */
  message: string;
  /** per-field messages from the server's 400 answer (SPEC §3 `reason.fields`) */
  fields: FieldErrors;
  /** 409: someone else changed the record meanwhile; the form keeps the admin's input */
  conflict: boolean;
};

const STALE_TEXT =
  'Jemand anderes hat diese Daten inzwischen geändert. Deine Eingaben sind noch da: Lade den aktuellen Stand neu und trage sie dann noch einmal ein.';

/** Turns a failed write into what a form shows; 409 conflicts get their own German text. */
export function submitFailure(error: unknown, fallback = 'Das hat nicht geklappt. Bitte versuche es noch einmal.'): SubmitFailure {
  const reason = getErrorReason(error);
  const status = isHTTPError(error) ? error.response.status : 0;
  const conflict = status === 409 && hasErrorCode(reason, 'conflict');
  return {
    message: conflict ? STALE_TEXT : (reason?.message ?? fallback),
    fields: reason?.fields ?? {},
    conflict,
  };
}

/**
 * The feedback state of a form that parses its input with the shared zod contract on submit and shows a failed
 * write with `submitFailure`: field messages plus one alert text above the form.
 *
 *   const feedback = useSubmitFeedback();
 *   const data = feedback.parse(schema, input); if (!data) return;
 *   save.mutate(data, { onError: feedback.onFailure('Das KiTa-Jahr konnte nicht gespeichert werden.') });
 */
export function useSubmitFeedback() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);

  /** On failure shows the first message per field and returns null; on success clears the field messages. */
  const parse = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return null;
    }
    setErrors({});
    return parsed.data;
  };

  /** the `onError` of the write: the server's field messages and the alert text */
  const onFailure = (fallback: string) => (error: unknown) => {
    const failure = submitFailure(error, fallback);
    setErrors(failure.fields);
    setAlert(failure.message);
  };

  return { errors, alert, setAlert, parse, onFailure };
}
