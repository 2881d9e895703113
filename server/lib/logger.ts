import type { FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * What the log may hold of an error. Database errors carry the failed statement's parameters (drizzle puts them in
 * the message and in `params`, the drivers add `detail` like "Key (email)=(…)" and quote the offending value), so
 * one bad request could write a password hash or an e-mail address into the log: of those only the statement text,
 * the SQLSTATE and the driver's message with every quoted literal blanked are kept. Other errors keep type,
 * message, stack and a few well-known codes, never arbitrary properties.
 */
type Loose = Record<string, unknown>;

const isErrorLike = (v: unknown): v is Error & Loose => typeof v === 'object' && v !== null && typeof (v as Loose).message === 'string';

function chain(err: Error & Loose): (Error & Loose)[] {
  const out: (Error & Loose)[] = [];
  for (let e: unknown = err; isErrorLike(e) && out.length < 10 && !out.includes(e); e = e.cause) out.push(e);
  return out;
}

/** drizzle's DrizzleQueryError, a pg or PGlite DatabaseError */
const isDbError = (e: Loose) =>
  e.name === 'DrizzleQueryError' || 'params' in e || 'query' in e || (typeof e.severity === 'string' && typeof e.code === 'string');

/** "invalid input syntax for type integer: "$argon2id$…"" → "invalid input syntax for type integer: "…"" */
export const blankLiterals = (text: string) =>
  text
    .replace(/"[^"]*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\([^()]*\)=\([^()]*\)/g, '(…)=(…)');

/** only the stack's frames: its first lines repeat the message (drizzle's spans two, the second with the parameters) */
const frames = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : '';

export type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

const keptCodes = ['code', 'statusCode', 'errno', 'syscall'] as const;

export function serializeError(err: unknown): SerializedError {
  if (!isErrorLike(err)) return { type: typeof err, message: 'not an error object', stack: '' };
  const all = chain(err);
  const db = all.find(isDbError);
  if (db) {
    const driver = all.find((e) => typeof e.severity === 'string') ?? all[all.length - 1]!;
    const sqlState = all.map((e) => e.code).find((c): c is string => typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c));
    return {
      type: err.constructor?.name ?? err.name,
      message: 'database query failed',
      sqlState,
      query: typeof db.query === 'string' ? db.query : undefined,
      dbMessage: driver === db && db.name === 'DrizzleQueryError' ? undefined : blankLiterals(driver.message),
      stack: frames(err.stack),
    };
  }
  const out: SerializedError = { type: err.constructor?.name ?? err.name, message: err.message, stack: err.stack ?? '' };
  for (const key of keptCodes) if (typeof err[key] === 'string' || typeof err[key] === 'number') out[key] = err[key];
  if (isErrorLike(err.cause)) out.cause = serializeError(err.cause);
  return out;
}

/** Secrets that might sit in a logged object; bodies are never logged, this is the second line. */
export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  '*.password',
  '*.currentPassword',
  '*.token',
  '*.totp',
  '*.secret',
  '*.pendingSecret',
  '*.passwordHash',
  '*.params',
  '*.email',
];

/**
 * A request as its log lines show it: method and path. No query string (searches and filters carry names), no
 * client address (personal data under the GDPR), no headers: at `info` the log holds no personal data.
 */
export function serializeRequest(req: { method?: string; url?: string }) {
  return { method: req.method, url: req.url?.split('?')[0] };
}

/** A reply as its log line shows it: the status only (what Fastify's own serializer keeps). */
export function serializeReply(reply: { statusCode?: number }) {
  return { statusCode: reply.statusCode };
}

const safeSerializers = { req: serializeRequest, res: serializeReply, err: serializeError, error: serializeError };

/** The app's pino options: the serializer above for every `err`, the redaction paths. buildApp adds them to any logger it is given. */
export function withSafeLogging(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: base.redact ?? redactPaths,
    serializers: { ...safeSerializers, ...base.serializers, err: serializeError, error: serializeError },
  };
}

/**
 * The process's one logger (server/index.ts): JSON, one object per line on stdout, from the first line of the start
 * (a bad variable, a refused database) to the last of the shutdown; buildApp takes it as Fastify's logger instance,
 * so requests log through it too. Same redaction and serializers as withSafeLogging.
 */
export function createLogger(options: { level?: string; stream?: DestinationStream } = {}): Logger {
  return pino({ level: options.level ?? 'info', redact: redactPaths, serializers: safeSerializers }, options.stream);
}
