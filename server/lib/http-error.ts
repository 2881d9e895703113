import { errorEntry, type ErrorEntry, type ErrorId } from '../../src/shared/contracts/error-codes';

/** The one way to fail on purpose: a status, a stable code and a German message for the user (SPEC §3). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** extra top-level body properties, e.g. the seed's login shape next to `reason` */
    readonly extraBody?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export type FailOptions = {
  /** field messages found at run time (e.g. the password strength verdict); the entry's own `fields` come first */
  fields?: Record<string, string>;
  /** also show the message at this field */
  field?: string;
  /** extra top-level body properties, e.g. the seed's login shape next to `reason` */
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
};

type MessageArgs<Id extends ErrorId> = ErrorEntry<Id>['message'] extends (...args: infer A) => string ? A : never;
type FailArgs<Id extends ErrorId> = ErrorEntry<Id>['message'] extends string
  ? [options?: FailOptions]
  : MessageArgs<Id> extends []
    ? [options?: FailOptions]
    : [args: MessageArgs<Id>, options?: FailOptions];

/**
 * The error of a catalogue entry (src/shared/contracts/error-codes.ts): `throw fail('facility.already_member')`,
 * `fail('auth.too_many_attempts', [clock], { headers })`. No inline codes or texts anywhere else.
 */
export function fail<Id extends ErrorId>(id: Id, ...rest: FailArgs<Id>): HttpError {
  const entry = errorEntry(id) as { status: number; code: string; message: string | ((...a: unknown[]) => string); fields?: Record<string, string> };
  const hasArgs = Array.isArray(rest[0]);
  const args = (hasArgs ? rest[0] : []) as unknown[];
  const options = ((hasArgs ? rest[1] : rest[0]) ?? {}) as FailOptions;
  const message = typeof entry.message === 'function' ? entry.message(...args) : entry.message;
  const fields = { ...entry.fields, ...options.fields, ...(options.field ? { [options.field]: message } : {}) };
  return new HttpError(entry.status, entry.code, message, Object.keys(fields).length > 0 ? fields : undefined, options.body, options.headers);
}

/** `{reason}` of a catalogue entry without throwing, for replies sent outside the error handler */
export function reasonOf<Id extends ErrorId>(id: Id, ...rest: FailArgs<Id>) {
  const e = fail(id, ...rest);
  return { message: e.message, code: e.code, ...(e.fields ? { fields: e.fields } : {}) };
}
