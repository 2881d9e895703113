import { and, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Bound } from '../../db/compiled-sql';
import { fail } from '../../lib/http-error';
import { rateLimitHits } from './rate-limit.table';

export type RateRule = { bucket: string; limit: number; windowMs: number };
export type RateCheck = { rule: RateRule; key: string };

/** What a reservation answers: the rows it counted (to give back later), or until when one of its rules is full. */
export type Reservation = { ok: true; ids: number[] } | { ok: false; until: Date; full: RateRule[] };

export const retryAfterSeconds = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

export function tooManyRequests(until: Date, now = new Date()) {
  return fail('common.too_many_requests', { headers: { 'retry-after': String(retryAfterSeconds(until, now)) } });
}

/** a moment as SQL: the request's time, or the placeholder of a statement compiled once */
const timeSql = (now: Bound<Date>) => (now instanceof Date ? sql`${now.toISOString()}::timestamptz` : sql`${now}::timestamptz`);

/** the advisory lock keys of these checks, in the one global order every reservation takes them in */
const lockKeysOf = (checks: RateCheck[]) => [...new Set(checks.map((c) => rateLimitInTx.lockKey(c)))].sort();

/** a day is beyond every window in use: older hits are deleted now and then (2 % of the reservations) */
async function pruneSometimes(db: DbOrTx, now: Date) {
  if (Math.random() < 0.02) await db.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(now.getTime() - 86_400_000)));
}

/**
 * A reservation inside a caller's transaction (issue 23, docs/decisions/0030-rate-limit-in-booking.md), in three parts that
 * join the caller's statements instead of a transaction of their own (5 statements): the locks join the caller's lock
 * statement, the check is a column of a select the caller sends after it, the hits are inserted with the caller's
 * writes. The hits commit or roll back with the caller's change: only a request that succeeded counts. Same locks
 * and the same count as `reserve`, so both count the same rows under the same lock.
 */
export const rateLimitInTx = {
  /** the checks' advisory locks, as columns of the caller's first statement (no checks: `null`) */
  locks(checks: RateCheck[]): SQL {
    const keys = lockKeysOf(checks);
    if (keys.length === 0) return sql`null`;
    return sql.join(
      keys.map((k) => sql`pg_advisory_xact_lock(hashtextextended(${k}, 0))`),
      sql`, `,
    );
  },
  /**
   * Until when (epoch milliseconds) one of the checks is full, or null: a column of a select that runs after the
   * locks (a statement of its own, so its snapshot sees every hit committed before the locks were granted).
   */
  blockedUntilColumn(checks: { rule: RateRule; key: Bound<string> }[], now: Bound<Date>): SQL<number | null> {
    if (checks.length === 0) return sql<null>`null::float8`;
    const at = timeSql(now);
    // the limit-th newest hit in the window of each rule: the rule is full until it leaves the window (as blockedUntil)
    const untils = checks.map(
      ({ rule, key }) => sql`(select ${rateLimitHits.at} + ${`${rule.windowMs} milliseconds`}::interval from ${rateLimitHits}
        where ${and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.key, key))} and ${rateLimitHits.at} > ${at} - ${`${rule.windowMs} milliseconds`}::interval
        order by ${rateLimitHits.at} desc offset ${rule.limit - 1} limit 1)`,
    );
    return sql<number | null>`(extract(epoch from greatest(${sql.join(untils, sql`, `)})) * 1000)::float8`;
  },
  /** the answer to the column: throws 429 too_many_requests (with Retry-After) when it says full */
  check(blockedUntil: number | string | null, now: Date) {
    if (blockedUntil !== null) throw tooManyRequests(new Date(Number(blockedUntil)), now);
  },
  /** the insert of the hits, not yet sent: joined to the caller's writes in its transaction, after the check */
  recordQuery(checks: { rule: RateRule; key: Bound<string> }[], now: Bound<Date>): SQL | null {
    if (checks.length === 0) return null;
    const at = timeSql(now);
    return sql`insert into ${rateLimitHits} (bucket, key, at) values ${sql.join(
      checks.map(({ rule, key }) => sql`(${rule.bucket}, ${key}, ${at})`),
      sql`, `,
    )}`;
  },
  pruneSometimes,
  /** the advisory lock key of one check, for a caller that takes the lock itself (a booking in one call) */
  lockKey: ({ rule, key }: RateCheck) => `${rule.bucket}|${key}`,
};

/**
 * A database-backed sliding-window counter shared by every process. Counting is atomic: a reservation takes a
 * transaction-scoped advisory lock per bucket+key (in one global order, so two reservations never deadlock), counts
 * and inserts under it, so however many requests arrive at once, at most `limit` get a row within the window (on
 * PGlite, where transactions run one at a time, and on PostgreSQL with many connections alike).
 *
 * `hit` counts calls (register, forgot …). Guesses (login, re-authentication) `reserve` BEFORE the slow check and
 * `release` the row when the guess was right, so a burst can never check more than the limit.
 */
export function rateLimiter({ db }: { db: DbOrTx }) {
  async function blockedUntil(tx: DbOrTx, { rule, key }: RateCheck, now: Date): Promise<Date | null> {
    // the limit-th newest hit in the window: the rule is full until it leaves the window
    const rows = await tx
      .select({ at: rateLimitHits.at })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.at, new Date(now.getTime() - rule.windowMs))))
      .orderBy(desc(rateLimitHits.at))
      .offset(rule.limit - 1)
      .limit(1);
    const row = rows[0];
    return row ? new Date(new Date(row.at).getTime() + rule.windowMs) : null;
  }

  async function reserve(checks: RateCheck[], now = new Date()): Promise<Reservation> {
    if (checks.length === 0) return { ok: true, ids: [] };
    const result = await db.transaction(async (tx) => {
      for (const lockKey of lockKeysOf(checks)) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
      let until: Date | null = null;
      const full: RateRule[] = [];
      for (const check of checks) {
        const b = await blockedUntil(tx, check, now);
        if (!b) continue;
        full.push(check.rule);
        if (!until || b > until) until = b;
      }
      if (until) return { ok: false as const, until, full };
      const rows = await tx
        .insert(rateLimitHits)
        .values(checks.map(({ rule, key }) => ({ bucket: rule.bucket, key, at: now })))
        .returning({ id: rateLimitHits.id });
      return { ok: true as const, ids: rows.map((r) => r.id) };
    });
    // keep the table small
    if (result.ok) await pruneSometimes(db, now);
    return result;
  }

  return {
    reserve,
    /**
     * Checks every rule for its key and records a hit for each; throws 429 too_many_requests (with Retry-After)
     * when one of them is exhausted. Keys are normalised by the caller (lower-case e-mail, IP).
     */
    async hit(checks: RateCheck[], now = new Date()): Promise<void> {
      const r = await reserve(checks, now);
      if (!r.ok) throw tooManyRequests(r.until, now);
    },
    /** gives reserved rows back (the guess they stood for was right) */
    async release(ids: number[]) {
      if (ids.length > 0) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, ids));
    },
    /** forgets every hit of one bucket+key (e.g. an account's failed logins after a success) */
    async clear(rule: RateRule, key: string) {
      await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.key, key)));
    },
    /** how many hits of one bucket+key fall within the window */
    async count(rule: RateRule, key: string, now = new Date()): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.at, new Date(now.getTime() - rule.windowMs))));
      return Number(row?.n ?? 0);
    },
  };
}
