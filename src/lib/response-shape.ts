import type { ErrorReason } from '../shared/contracts/errors';

/**
 * The few answers the first page reads (login status, ping, public config, the SPEC §3 error body) are checked
 * here without zod, so the first load does not carry a validator. That is safe because the server writes every
 * answer through the same shared zod schema (its response serializer refuses anything else); what remains to guard
 * against is a foreign answer (a proxy page, an old server), and for that the fields the client branches on suffice.
 * Every other answer is parsed with its zod contract as usual.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isObjectOrNull = (value: unknown) => value === null || isRecord(value);

export class UnexpectedResponseError extends Error {
  constructor(what: string) {
    super(`Unerwartete Antwort des Servers (${what}).`);
    this.name = 'UnexpectedResponseError';
  }
}

function expect<T>(body: unknown, what: string, ok: (b: Record<string, unknown>) => boolean): T {
  if (!isRecord(body) || !ok(body)) throw new UnexpectedResponseError(what);
  return body as T;
}

/** GET /api/loginstatus and the login/reset answers' user part: `loggedin`, `user` and `curSeason` */
export const asLoginStatus = <T>(body: unknown): T =>
  expect<T>(
    body,
    'loginstatus',
    (b) => typeof b.loggedin === 'boolean' && isObjectOrNull(b.user) && isObjectOrNull(b.curSeason) && (!b.loggedin || isRecord(b.user)),
  );

/** POST /api/ping */
export const asPing = <T>(body: unknown): T => expect<T>(body, 'ping', (b) => typeof b.loggedin === 'boolean' && typeof b.version === 'string');

/** GET /api/config */
export const asPublicConfig = <T>(body: unknown): T =>
  expect<T>(body, 'config', (b) => ['programmeName', 'supportEmail', 'supportPhone', 'version'].every((k) => typeof b[k] === 'string'));

/** SPEC §3 error body: `{ reason: { message, code, fields? } }`, or undefined for anything else */
export function errorReasonOf(body: unknown): ErrorReason | undefined {
  if (!isRecord(body) || !isRecord(body.reason)) return undefined;
  const { message, code, fields } = body.reason;
  if (typeof message !== 'string' || typeof code !== 'string') return undefined;
  if (fields !== undefined && !(isRecord(fields) && Object.values(fields).every((v) => typeof v === 'string'))) return undefined;
  return { message, code, ...(fields === undefined ? {} : { fields: fields as Record<string, string> }) };
}
