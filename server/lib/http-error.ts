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
  : MessageArgs<Id> extends [] ? [options?: FailOptions] : [args: MessageArgs<Id>, options?: FailOptions];

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

/**
 * The framework layer's answers (server/plugins/error-handler.ts: Fastify's and Node's own errors) still build
 * their reason from these; follow-up: move them into the catalogue's `common` module like the rest.
 */
export function httpError(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
  options: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
): HttpError {
  return new HttpError(status, code, message, fields, options.body, options.headers);
}

export const messages = {
  unauthenticated: 'Bitte melde dich an.',
  forbidden: 'Dafür fehlt dir die Berechtigung.',
  notFound: 'Das gibt es hier nicht.',
  validationFailed: 'Bitte prüfe deine Eingaben.',
  invalidJson: 'Die Anfrage konnte nicht gelesen werden (ungültiges JSON).',
  payloadTooLarge: 'Die Anfrage ist zu groß.',
  tooManyRequests: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann noch einmal.',
  originMismatch: 'Die Anfrage kam von einer fremden Seite und wurde abgelehnt.',
  internal: 'Auf unserer Seite ist ein Fehler aufgetreten. Bitte versuche es später noch einmal.',
  unsupportedMediaType: 'Dieses Datenformat wird nicht unterstützt.',
  badUrl: 'Die Adresse ist ungültig (fehlerhafte Zeichen).',
  uriTooLong: 'Die Adresse ist zu lang.',
  badRequest: 'Die Anfrage konnte nicht verarbeitet werden.',
  headersTooLarge: 'Die Anfrage ist zu groß (zu lange Adresse oder Kopfzeilen).',
  requestTimeout: 'Die Anfrage hat zu lange gedauert. Bitte versuche es noch einmal.',
  jsonTooDeep: 'Die Anfrage ist zu tief verschachtelt.',
} as const;
