import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activeCampaignRate } from './active-campaign.table';

/**
 * A client of ActiveCampaign's documented API v3 (`<account URL>/api/3/...`, header `Api-Token`). Every request first
 * reserves a slot of the account's budget in the database (`active_campaign_rate`), so all processes of the portal
 * together stay at ≤ 5 requests per second; 429 (with Retry-After), 5xx and timeouts are retried with backoff; 401/403
 * end the work with a German message (AcError kind `forbidden`).
 */
export type AcClientOptions = {
  url: string;
  key: string;
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
    /** `uncertain`: a call that must not be repeated blindly got no clear answer (timeout, network error, 5xx): it may have been applied */
    readonly kind: 'forbidden' | 'http' | 'network' | 'aborted' | 'uncertain',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AcError';
  }
}

export const forbiddenMessage =
  'ActiveCampaign hat den Zugriff verweigert (403): Der API-Schlüssel ist falsch oder hat keine Rechte. Bitte prüfe ihn unter „API-Schlüssel“.';

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
 * A request that went out late (this process was busy or descheduled while it waited) pushes the next slot to a
 * full spacing after now, so it cannot land within one second of the five after it.
 */
async function pushSlot(db: Db, ratePerSecond: number): Promise<void> {
  const spacing = spacingOf(ratePerSecond);
  await db.execute(sql`
    update ${activeCampaignRate}
    set next_at_ms = greatest(${activeCampaignRate.nextAtMs}, (extract(epoch from clock_timestamp()) * 1000)::bigint + ${spacing})
    where id = 1`);
}

export type AcResponse<T> = { status: number; body: T };

export function createAcClient(options: AcClientOptions) {
  const base = `${baseUrlOf(options.url)}/api/3`;
  const rate = options.ratePerSecond ?? 5;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxAttempts = options.maxAttempts ?? 6;
  const backoffBaseMs = options.backoffBaseMs ?? 500;
  let requests = 0;

  /**
   * One call with retries; 404 is answered (the caller decides), other 4xx throw. `once`: a call that is not
   * idempotent (a bulk import) is repeated only after 429, which ActiveCampaign answers without doing anything; a
   * timeout, network error or 5xx throws `uncertain` at once, and the caller finds out what arrived.
   */
  async function call<T>(method: string, path: string, body?: unknown, opts: { once?: boolean } = {}): Promise<AcResponse<T>> {
    let lastProblem = '';
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const wait = await reserveSlot(options.db, rate);
      const planned = performance.now() + wait;
      await sleep(wait, options.signal);
      if (performance.now() - planned > spacingOf(rate) / 4) await pushSlot(options.db, rate);
      requests++;
      options.onSend?.(Date.now());
      let res: Response;
      try {
        const signals = [AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])];
        res = await fetch(base + path, {
          method,
          headers: { 'Api-Token': options.key, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.any(signals),
        });
      } catch (err) {
        if (options.signal?.aborted) throw new AcError('aborted', 'abgebrochen');
        lastProblem = (err as Error).name === 'TimeoutError' ? 'Zeitüberschreitung' : `Netzwerkfehler (${(err as Error).message})`;
        if (opts.once) throw new AcError('uncertain', `ActiveCampaign hat auf ${method} ${path} nicht klar geantwortet (${lastProblem}).`);
        await sleep(backoff(attempt), options.signal);
        continue;
      }
      if (res.status === 401 || res.status === 403) {
        await res.body?.cancel();
        throw new AcError('forbidden', forbiddenMessage, res.status);
      }
      if (res.status === 429 || res.status >= 500) {
        await res.body?.cancel();
        lastProblem = `HTTP ${res.status}`;
        if (opts.once && res.status !== 429)
          throw new AcError('uncertain', `ActiveCampaign hat auf ${method} ${path} nicht klar geantwortet (${lastProblem}).`, res.status);
        const retryAfter = Number(res.headers.get('retry-after'));
        await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : backoff(attempt), options.signal);
        continue;
      }
      const text = await res.text();
      const parsed = text ? (JSON.parse(text) as T) : (undefined as T);
      if (res.status === 404) return { status: 404, body: parsed };
      if (res.status >= 400) {
        throw new AcError('http', `ActiveCampaign hat die Anfrage ${method} ${path.split('?')[0]} abgelehnt (HTTP ${res.status}).`, res.status);
      }
      return { status: res.status, body: parsed };
    }
    throw new AcError('network', `ActiveCampaign war nicht erreichbar (${lastProblem}), auch nach ${maxAttempts} Versuchen.`);
  }

  const backoff = (attempt: number) => Math.min(30_000, backoffBaseMs * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5);

  return {
    call,
    get requests() {
      return requests;
    },
  };
}

export type AcClient = ReturnType<typeof createAcClient>;
