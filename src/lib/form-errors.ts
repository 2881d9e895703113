import { isHTTPError } from 'ky';
import { type z } from 'zod';
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
  const conflict = status === 409 && reason?.code === 'conflict';
  return {
    message: conflict ? STALE_TEXT : (reason?.message ?? fallback),
    fields: reason?.fields ?? {},
    conflict,
  };
}
