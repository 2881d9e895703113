import { isHTTPError } from 'ky';
import { type z } from 'zod';
import { getErrorReason } from './api-client';

export type FieldErrors = Record<string, string>;

/** The first German message per field of a failed zod parse, keyed by the field's top-level name. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
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
