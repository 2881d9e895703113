/**
 * SPEC §10: security events are log lines at `warn` with the account's id and the client's address, never an
 * e-mail address or a name, so an attack shows in the log (and fail2ban or a log alert can act on it) without the
 * log becoming a list of people. Each line carries `securityEvent` (the stable name below) and `userId` (null when
 * the e-mail belongs to no account); rights changes also name who made them (`actorUserId`).
 */
export const securityEvents = {
  'login.failed': 'login failed',
  'login.locked': 'account locked: its failed logins reached the limit',
  'login.throttled': 'login refused: too many failed attempts',
  'password_reset.requested': 'password reset requested',
  'password_reset.completed': 'password reset with a mailed link',
  'admin.granted': 'admin right granted',
  'admin.revoked': 'admin right taken',
  'jury.granted': 'jury right granted',
  'jury.revoked': 'jury right taken',
  'totp.disabled': 'second factor (TOTP) switched off',
} as const;

export type SecurityEvent = keyof typeof securityEvents;

type WarnLog = { warn: (obj: Record<string, unknown>, msg: string) => void };

/** `factor`: which part of a login failed (password, totp) */
export type SecurityEventFields = { userId: number | null; actorUserId?: number | null; factor?: 'password' | 'totp' };

/** what a service gets to report its events (the login check, which knows whom a guess was for) */
export type SecurityLog = (event: SecurityEvent, fields: SecurityEventFields & { ip: string }) => void;

export const securityLog =
  (log: WarnLog): SecurityLog =>
  (event, fields) =>
    log.warn({ securityEvent: event, ...fields }, securityEvents[event]);

/** a request's event: its logger (with the request id) and its client address */
export function logSecurityEvent(request: { log: WarnLog; ip: string }, event: SecurityEvent, fields: SecurityEventFields): void {
  securityLog(request.log)(event, { ...fields, ip: request.ip });
}
