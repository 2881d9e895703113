import { sql } from 'drizzle-orm';
import type { Dispatcher } from 'undici';
import type { Db } from '../../db/client';
import { publicHttpsOnly, sendOutbound, type OutboundError, type OutboundPolicy, type OutboundResponse } from '../../lib/outbound-http';
import { activeCampaignRate } from './active-campaign.table';

/**
 * A client of ActiveCampaign's documented API v3 (`<account URL>/api/3/...`, header `Api-Token`). Every request first
 * reserves a slot of the account's budget in the database (`active_campaign_rate`), so all processes of the portal
 * together stay at ≤ 5 requests per second; 429 (with Retry-After), 5xx and timeouts are retried with backoff; 401/403
 * end the work with a German message (AcError kind `forbidden`). Every request goes through the outbound client
 * (server/lib/outbound-http.ts): an admin-typed URL reaches only https on public addresses, redirects are not
 * followed, answers are bounded in size and time.
 */
export type AcClientOptions = {
  url: string;
  key: string;
  /** the operator's address (ACTIVECAMPAIGN_URL): taken as given, http and local addresses allowed */
  trusted?: boolean;
  /** what an admin-typed address may reach; default https to public addresses only (tests pass another) */
  outboundPolicy?: OutboundPolicy;
  db: Db;
  /** requests per second shared by every process (ActiveCampaign allows 5 per account) */
  ratePerSecond?: number;
  timeoutMs?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  signal?: AbortSignal;
  /** told the moment each request goes out (tests check the limiter by these times: an in-process stub's arrival times carry the event loop's delays) */
  onSend?: (atMs: number) => void;
};

export class AcError extends Error {
  constructor(
    /** `refused`: the address, a redirect or the answer was refused, nothing to retry; `uncertain`: a call that must not be repeated blindly got no clear answer (timeout, network error, 5xx): it may have been applied */
    readonly kind: 'forbidden' | 'http' | 'network' | 'aborted' | 'uncertain' | 'refused',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AcError';
  }
}

export const forbiddenMessage =
  'ActiveCampaign hat den Zugriff verweigert: Der API-Schlüssel ist falsch oder hat keine Rechte. Bitte prüfe ihn unter „API-Schlüssel“.';

/** the account URL as ActiveCampaign shows it (https://<account>.api-us1.com), without a trailing /api/3 */
export function baseUrlOf(url: string): string {
  return url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/3$/, '');
}

/** waits `ms`; an abort ends the wait with AcError `aborted` */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new AcError('aborted', 'abgebrochen'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new AcError('aborted', 'abgebrochen'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Reserves the next request slot of the shared budget: one atomic upsert on the one row moves `next_at_ms` on by the
 * spacing (1000 / rate, plus a margin for jitter) and answers how long this caller waits (PostgreSQL's clock is the
 * common clock of all processes).
 */
/** ms between two requests: 10 % margin, so a request delayed on its way does not bunch up with the next ones */
const spacingOf = (ratePerSecond: number) => Math.ceil(1100 / ratePerSecond);

export async function reserveSlot(db: Db, ratePerSecond: number): Promise<number> {
  const spacing = spacingOf(ratePerSecond);
  const res = (await db.execute(sql`
    with clock as (select (extract(epoch from clock_timestamp()) * 1000)::bigint as ms)
    insert into ${activeCampaignRate} (id, next_at_ms) values (1, (select ms from clock) + ${spacing})
    on conflict (id) do update
      set next_at_ms = greatest(${activeCampaignRate.nextAtMs}, (select ms from clock)) + ${spacing}
    returning next_at_ms - ${spacing} as slot, (select ms from clock) as now`)) as unknown as {
    rows: { slot: string | number; now: string | number }[];
  };
  const row = res.rows[0]!;
  return Math.max(0, Number(row.slot) - Number(row.now));
}

/**
 * Called the moment a request goes out: the next slot is at least a full spacing after now. The reservation spaces the
 * slots, not the moments the requests go out: a request that goes out late (its reservation's answer or its timer came
 * late, this process busy or descheduled) finds its slot in the past, and the next reservation would get "now" and go
 * out right behind it (six within one second).
 */
async function pushSlot(db: Db, ratePerSecond: number): Promise<void> {
  const spacing = spacingOf(ratePerSecond);
  await db.execute(sql`
    update ${activeCampaignRate}
    set next_at_ms = greatest(${activeCampaignRate.nextAtMs}, (extract(epoch from clock_timestamp()) * 1000)::bigint + ${spacing})
    where id = 1`);
}

export type AcResponse<T> = { status: number; body: T };

/**
 * The German texts of what failed. None carries what the remote server wrote (its body, status text or the values of
 * its JSON): a typed URL may lead anywhere, and its answer is not ActiveCampaign's until it looks like it.
 */
export const acMessages = {
  https: 'Die API-URL muss mit https:// beginnen (z. B. https://deinkonto.api-us1.com). Bitte prüfe sie.',
  address:
    'Die API-URL führt nicht zu einer öffentlichen Adresse im Internet; das Portal verbindet sich nur mit solchen. Bitte trage die API-URL deines ActiveCampaign-Kontos ein (in ActiveCampaign unter Einstellungen → Entwickler).',
  url: 'Die API-URL ist keine gültige Adresse. Bitte trage die API-URL deines ActiveCampaign-Kontos ein (in ActiveCampaign unter Einstellungen → Entwickler).',
  network:
    'Die Verbindung zu ActiveCampaign ist fehlgeschlagen (Adresse nicht gefunden oder Server nicht erreichbar). Bitte prüfe die API-URL und versuche es später noch einmal.',
  timeout: 'ActiveCampaign hat nicht rechtzeitig geantwortet. Bitte versuche es später noch einmal.',
  notActiveCampaign:
    'Der Server hat nicht wie ActiveCampaign geantwortet. Bitte prüfe die API-URL (in ActiveCampaign unter Einstellungen → Entwickler).',
  redirect:
    'Der Server hat nicht wie ActiveCampaign geantwortet: Er leitet auf eine andere Adresse weiter, und der wird nicht gefolgt. Bitte trage die API-URL genau so ein, wie ActiveCampaign sie unter Einstellungen → Entwickler zeigt.',
  tooLarge:
    'Der Server hat nicht wie ActiveCampaign geantwortet: Seine Antwort war größer als erlaubt. Bitte prüfe die API-URL (in ActiveCampaign unter Einstellungen → Entwickler).',
  tooManyPages:
    'ActiveCampaign hat mehr als 10.000 Einträge auf einmal gemeldet; so viele liest das Portal nicht. Bitte prüfe die API-URL und räume Listen, Tags und Felder in ActiveCampaign auf.',
} as const;

/** a refused answer's status as a German category (the number itself is not shown) */
function refusedMessage(method: string, path: string, status: number): string {
  const call = `${method} ${path.split('?')[0]}`;
  if (status === 400 || status === 422)
    return `ActiveCampaign hat die Anfrage ${call} als ungültig abgelehnt. Bitte prüfe die Einstellungen (Liste, Tags) und versuche es noch einmal.`;
  return `ActiveCampaign hat die Anfrage ${call} abgelehnt. Bitte prüfe die API-URL und den API-Schlüssel.`;
}

/** a call that failed on its way, as the German category of the retry log */
const problemOf: Record<string, string> = {
  timeout: 'Zeitüberschreitung',
  network: 'Verbindung fehlgeschlagen',
  429: 'zu viele Anfragen',
  5: 'Serverfehler',
};

export function createAcClient(options: AcClientOptions) {
  // an address an admin typed: only its origin is used, the path is the client's (a `#`, `?` or path gives no control);
  // the operator's address (environment) is taken as given
  let base: string;
  try {
    base = `${options.trusted ? baseUrlOf(options.url) : new URL(options.url).origin}/api/3`;
  } catch {
    base = '';
  }
  const policy = options.trusted ? 'trusted' : (options.outboundPolicy ?? publicHttpsOnly);
  const rate = options.ratePerSecond ?? 5;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxAttempts = options.maxAttempts ?? 6;
  const backoffBaseMs = options.backoffBaseMs ?? 500;
  let requests = 0;

  /**
   * One call with retries; 404 is answered (the caller decides), other 4xx throw. `once`: a call that is not
   * idempotent (a bulk import) is repeated only after 429, which ActiveCampaign answers without doing anything; a
   * timeout, network error or 5xx throws `uncertain` at once, and the caller finds out what arrived. A refused
   * address or scheme, a redirect, an answer too large or not JSON end the call at once (`refused`, not retried).
   */
  async function call<T>(method: Dispatcher.HttpMethod, path: string, body?: unknown, opts: { once?: boolean } = {}): Promise<AcResponse<T>> {
    if (!base) throw new AcError('refused', acMessages.url);
    let lastProblem = '';
    const unclear = (status?: number) =>
      new AcError('uncertain', `ActiveCampaign hat auf ${method} ${path.split('?')[0]} nicht klar geantwortet (${lastProblem}).`, status);
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      // a stopped caller reserves no further slot of the shared budget
      if (options.signal?.aborted) throw new AcError('aborted', 'abgebrochen');
      await sleep(await reserveSlot(options.db, rate), options.signal);
      requests++;
      options.onSend?.(Date.now());
      await pushSlot(options.db, rate);
      let res: OutboundResponse;
      try {
        res = await sendOutbound(base + path, policy, {
          method,
          headers: { 'Api-Token': options.key, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: options.signal,
          timeoutMs,
        });
      } catch (err) {
        const reason = (err as OutboundError).reason;
        if (reason === 'aborted') throw new AcError('aborted', 'abgebrochen');
        if (reason === 'protocol') throw new AcError('refused', acMessages.https);
        if (reason === 'address') throw new AcError('refused', acMessages.address);
        if (reason === 'url') throw new AcError('refused', acMessages.url);
        if (reason === 'too_large') {
          lastProblem = 'Antwort zu groß';
          throw opts.once ? unclear() : new AcError('refused', acMessages.tooLarge);
        }
        lastProblem = problemOf[reason === 'timeout' ? 'timeout' : 'network']!;
        if (opts.once) throw unclear();
        await sleep(backoff(attempt), options.signal);
        continue;
      }
      if (res.status === 401 || res.status === 403) throw new AcError('forbidden', forbiddenMessage, res.status);
      if (res.status === 429 || res.status >= 500) {
        lastProblem = problemOf[res.status === 429 ? 429 : 5]!;
        if (opts.once && res.status !== 429) throw unclear(res.status);
        const retryAfter = Number(header(res.headers['retry-after']));
        // Retry-After is the server's word: at most a minute
        await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 60) * 1000 : backoff(attempt), options.signal);
        continue;
      }
      if (res.status >= 300 && res.status < 400) throw new AcError('refused', acMessages.redirect, res.status);
      let parsed: T;
      try {
        parsed = res.text ? (JSON.parse(res.text) as T) : (undefined as T);
      } catch {
        lastProblem = 'keine JSON-Antwort';
        throw opts.once ? unclear(res.status) : new AcError('refused', acMessages.notActiveCampaign, res.status);
      }
      if (res.status === 404) return { status: 404, body: parsed };
      if (res.status >= 400) throw new AcError('http', refusedMessage(method, path, res.status), res.status);
      return { status: res.status, body: parsed };
    }
    if (lastProblem === problemOf.network) throw new AcError('network', acMessages.network);
    if (lastProblem === problemOf.timeout) throw new AcError('network', acMessages.timeout);
    throw new AcError(
      'network',
      `ActiveCampaign war nicht erreichbar (${lastProblem}), auch nach ${maxAttempts} Versuchen. Bitte versuche es später noch einmal.`,
    );
  }

  const backoff = (attempt: number) => Math.min(30_000, backoffBaseMs * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5);

  return {
    call,
    get requests() {
      return requests;
    },
  };
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export type AcClient = ReturnType<typeof createAcClient>;
