import ky, { TimeoutError, isHTTPError, type Input, type KyInstance, type Options, type ResponsePromise } from 'ky';
import { type PublicConfig } from '../shared/contracts/config';
import type { ErrorReason } from '../shared/contracts/errors';
import { errorReasonOf } from './response-shape';
import { notifyApiError } from './notifications';

// ---------------------------------------------------------------------------------------------------------------
// Public contact data for the seed §8 texts. The shell calls setPublicConfig() after GET /api/config; until then
// (or when that very call fails) the texts fall back to the product name and leave the e-mail out.
// ---------------------------------------------------------------------------------------------------------------
type PublicContact = Pick<PublicConfig, 'programmeName' | 'supportEmail' | 'supportPhone'>;
let publicContact: PublicContact = { programmeName: 'KiTa-Portal', supportEmail: '', supportPhone: '' };

export function setPublicConfig(config: Partial<PublicContact>): void {
  publicContact = { ...publicContact, ...config };
}
export function getPublicConfig(): Readonly<PublicContact> {
  return publicContact;
}

// seed §8, the three failures the shared handler reports itself.
export const offlineText = (programmeName = publicContact.programmeName) =>
  `Die Server von ${programmeName} konnten nicht erreicht werden. Bist du offline?`;
export const gatewayTimeoutText = (supportEmail = publicContact.supportEmail) =>
  'Entschuldige, unsere Server scheinen gerade nicht erreichbar zu sein. Nutzt du einen Proxy? Dann prüfe bitte ' +
  'seine Einstellungen. Wenn das Problem bleibt, ' +
  (supportEmail ? `schreib uns an ${supportEmail}.` : 'schreib uns eine E-Mail.');
export const networkLoginText = () =>
  'Unsere Server konnten nicht erreicht werden. Hast du dich schon im Netzwerk angemeldet? Das passiert oft in ' +
  'öffentlichen WLANs, die eine zusätzliche Anmeldung verlangen.';

// ---------------------------------------------------------------------------------------------------------------
// Marks on error objects. Symbols, so they never clash with ky's own fields and never end up in JSON.
// ---------------------------------------------------------------------------------------------------------------
const ALREADY_NOTIFIED = Symbol('kita-portal.alreadyNotified');
const ERROR_REASON = Symbol('kita-portal.errorReason');
const ERROR_BODY = Symbol('kita-portal.errorBody');
/** Errors thrown by fetch itself, i.e. no response at all (as opposed to a bug in our own code). */
const noResponseErrors = new WeakSet<object>();

type Marked = { [ALREADY_NOTIFIED]?: true; [ERROR_REASON]?: ErrorReason; [ERROR_BODY]?: unknown };
const isObject = (value: unknown): value is object & Marked => typeof value === 'object' && value !== null;

/** True when the shared handler (or reportError) has already shown a notification for this error. */
export function isAlreadyNotified(error: unknown): boolean {
  return isObject(error) && error[ALREADY_NOTIFIED] === true;
}
export function markAlreadyNotified(error: unknown): void {
  if (isObject(error)) error[ALREADY_NOTIFIED] = true;
}

/** The SPEC §3 `reason` of an HTTP error answered by our server, parsed before the error was thrown. */
export function getErrorReason(error: unknown): ErrorReason | undefined {
  return isObject(error) ? error[ERROR_REASON] : undefined;
}
/** The whole JSON body of an HTTP error (e.g. the login's `{success, msg, reason}`), or undefined. */
export function getErrorBody(error: unknown): unknown {
  return isObject(error) ? error[ERROR_BODY] : undefined;
}

/** A cancelled request (query unmounted, user navigated away) is not a failure to tell anyone about. */
export function isAbortError(error: unknown): boolean {
  return isObject(error) && (error as { name?: unknown }).name === 'AbortError';
}

/** True when no response arrived at all: fetch rejected (offline, DNS, CORS) or the timeout ran out. */
export function isNoResponseError(error: unknown): boolean {
  return error instanceof TimeoutError || (isObject(error) && noResponseErrors.has(error));
}

/** The seed §8 text for failures the shared handler reports, or undefined for errors it passes on. */
function transportFailureText(error: unknown): string | undefined {
  if (isNoResponseError(error)) return offlineText();
  if (isHTTPError(error) && error.response.status === 504) return gatewayTimeoutText();
  if (isHTTPError(error) && error.response.status === 511) return networkLoginText();
  return undefined;
}

/**
 * Per-request opt-out of the shared notification, through ky's documented `context` option:
 * `api.put(url, { context: QUIET_FAILURES })`. For background calls whose failure the page itself shows and retries
 * (the documentation form's autosave line "Nicht gespeichert – wir versuchen es weiter"), so a flaky connection doesn't
 * pile up red notifications. The error still reaches the caller unmarked (`isNoResponseError` tells what happened).
 */
export const QUIET_FAILURES = { quietFailures: true } as const;
const isQuiet = (options: Options | undefined) => options?.context?.quietFailures === true;

/** Runs once per call, after ky has given up retrying, so one failure is one notification. */
function handleFinalError(error: unknown): void {
  if (isAlreadyNotified(error) || isAbortError(error)) return;
  const text = transportFailureText(error);
  if (!text) return;
  markAlreadyNotified(error);
  notifyApiError({ text, reason: getErrorReason(error) });
}

/**
 * For callers' own failures: shows intro + `text` + the server's reason.message, unless the shared handler has
 * already told the user (or the request was merely cancelled). Marks the error so nobody reports it twice.
 */
export function reportError(error: unknown, text: string): void {
  if (isAlreadyNotified(error) || isAbortError(error)) return;
  markAlreadyNotified(error);
  notifyApiError({ text, reason: getErrorReason(error) });
}

/** `api.get('loginstatus').json().then(parseWith(loginStatusResponseSchema))` — typed by the shared contract. */
export function parseWith<T>(schema: { parse: (data: unknown) => T }): (data: unknown) => T {
  return (data) => schema.parse(data);
}

// ---------------------------------------------------------------------------------------------------------------
// The ky instance
// ---------------------------------------------------------------------------------------------------------------

/** Wraps fetch to remember which errors mean "no response". globalThis.fetch is looked up per call, so msw
 *  (which patches it in tests) and later polyfills are honoured. */
function trackingFetch(inner?: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await (inner ?? globalThis.fetch)(input, init);
    } catch (error) {
      if (isObject(error) && !isAbortError(error)) noResponseErrors.add(error);
      throw error;
    }
  };
}

/** Attaches the parsed SPEC §3 body to every HTTPError, reading a clone so callers can still read the body. */
async function attachReason<E extends Parameters<NonNullable<NonNullable<Options['hooks']>['beforeError']>[number]>[0]>(error: E): Promise<E> {
  try {
    if ((error.response.headers.get('content-type') ?? '').includes('json')) {
      const body: unknown = await error.response.clone().json();
      const reason = errorReasonOf(body);
      Object.assign(error, { [ERROR_BODY]: body, ...(reason ? { [ERROR_REASON]: reason } : {}) });
    }
  } catch {
    // An unreadable body (proxy HTML page, empty 504) simply has no reason; the status still tells the story.
  }
  return error;
}

/**
 * ky's beforeError hook sees only HTTP errors, and ky retries inside the call, so a hook would notify once per
 * attempt. Instead every call's promise gets a side handler attached first: it runs once on the final outcome,
 * marks the error and still lets it reach the caller unchanged.
 */
function withFinalErrorHandling(instance: KyInstance): KyInstance {
  const observe = <T>(promise: ResponsePromise<T>, options?: Options): ResponsePromise<T> => {
    promise.catch(isQuiet(options) ? () => {} : handleFinalError);
    return promise;
  };
  const call = <T>(url: Input, options?: Options) => observe(instance<T>(url, options), options);
  // ky's `stop` is a unique symbol; copying it through an object literal would widen the type, hence the Pick.
  const constants: Pick<KyInstance, 'stop' | 'retry'> = { stop: instance.stop, retry: instance.retry };
  return Object.assign(call, constants, {
    get: <T>(url: Input, options?: Options) => observe(instance.get<T>(url, options), options),
    post: <T>(url: Input, options?: Options) => observe(instance.post<T>(url, options), options),
    put: <T>(url: Input, options?: Options) => observe(instance.put<T>(url, options), options),
    patch: <T>(url: Input, options?: Options) => observe(instance.patch<T>(url, options), options),
    delete: <T>(url: Input, options?: Options) => observe(instance.delete<T>(url, options), options),
    head: (url: Input, options?: Options) => observe(instance.head(url, options), options),
    create: (defaults?: Options) => withFinalErrorHandling(instance.create(defaults)),
    extend: (defaults: Options | ((parent: Options) => Options)) => withFinalErrorHandling(instance.extend(defaults)),
  });
}

export const API_TIMEOUT_MS = 30_000;

/**
 * Builds a client with the project's defaults; tests pass `{ retry: 0 }`, a short timeout or their own fetch.
 * Retries only idempotent methods and only for answers that may heal by themselves.
 */
export function createApiClient(options: Options = {}): KyInstance {
  const { hooks, fetch: innerFetch, ...rest } = options;
  return withFinalErrorHandling(
    ky.create({
      prefixUrl: `${globalThis.location?.origin ?? 'http://localhost'}/api`,
      credentials: 'same-origin',
      timeout: API_TIMEOUT_MS,
      retry: {
        limit: 2,
        methods: ['get', 'head', 'options', 'put', 'delete'],
        statusCodes: [408, 502, 503, 504],
        backoffLimit: 3000,
      },
      ...rest,
      fetch: trackingFetch(innerFetch),
      hooks: { ...hooks, beforeError: [attachReason, ...(hooks?.beforeError ?? [])] },
    }),
  );
}

/** THE client for every call to /api (seed §7: all calls share one error handler). */
export const api = createApiClient();
