import { type z } from 'zod';

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
