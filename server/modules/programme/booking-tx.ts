import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { sqlState, type Db, type DbOrTx, type Tx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { offeringEnrolments, offerings, type OfferingRow } from './programme.table';

/**
 * The booking's transaction, locks and seat counts, shared by booking (booking.ts), cancelling and moving up
 * (booking-cancel.ts) and the admins' changes of dates and enrolments.
 *
 * The booking core (issue 11, "Correctness under a rush"), as pretix does it: one transaction takes a lock per
 * KiTa (advisory, for its per-KiTa limits) and then the offering rows (`SELECT … FOR UPDATE`, in id order), recounts
 * the seats under the lock and inserts under the live unique index (offering, person). `lock_timeout` turns a
 * pile-up into a 409 with the rush message instead of a hanging request. docs/decisions/0011-booking-lock.md.
 */

/**
 * Two settings only tests change, through the environment of the test process (`vi.stubEnv`), which the module
 * exports nothing for; outside vitest they are fixed: BOOKING_LOCK_TIMEOUT_MS (a short one shows the rush answer
 * without waiting 3 s) and BOOKING_LOCK=off (the concurrency test's control: no locks, a wider race window).
 */
const testSetting = (name: string) => (process.env.VITEST ? process.env[name] : undefined);
export const lockTimeoutMs = () => Number(testSetting('BOOKING_LOCK_TIMEOUT_MS') ?? 3000);
export const lockEnabled = () => testSetting('BOOKING_LOCK') !== 'off';

/**
 * One booking transaction: the lock timeout set, lock timeouts and deadlocks answered as the rush 409. `moreLocks`:
 * further advisory locks taken after the KiTa's in the same round trip (a rate limit's, `rateLimitInTx.locks`); only
 * with the KiTa's lock.
 */
export async function inBookingTx<T>(db: Db, fn: (tx: Tx) => Promise<T>, opts: { facilityLock?: number; moreLocks?: SQL } = {}): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(bookingLocks(opts));
      return fn(tx);
    });
  } catch (err) {
    throw bookingError(err);
  }
}

/**
 * The first statement of a booking transaction, one round trip: the lock timeout for this transaction, and the KiTa's
 * lock (and the others) if asked; the control of the concurrency test (locks off) takes none, so nothing serialises
 * its KiTas' requests
 */
export function bookingLocks(opts: { facilityLock?: number; moreLocks?: SQL }): SQL {
  const timeout = `${Math.max(1, Math.floor(lockTimeoutMs()))}ms`;
  if (opts.facilityLock !== undefined && lockEnabled()) {
    const more = opts.moreLocks ? sql`, ${opts.moreLocks}` : sql``;
    return sql`select set_config('lock_timeout', ${timeout}, true), pg_advisory_xact_lock(7411, ${opts.facilityLock}::int)${more}`;
  }
  return sql`select set_config('lock_timeout', ${timeout}, true)`;
}

/** a booking's database errors as the answers the KiTa reads: lock timeouts and deadlocks the rush 409, a second booking 409 */
export function bookingError(err: unknown): unknown {
  const state = sqlState(err);
  if (state === '55P03' || state === '40P01') return fail('programme.rush');
  if (state === '23505') return fail('programme.already_booked_someone');
  return err;
}

/** the offerings, locked in id order (several: a move locks source and target) */
export async function lockOfferings(tx: DbOrTx, ids: number[]): Promise<OfferingRow[]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const q = tx.select().from(offerings).where(inArray(offerings.id, sorted)).orderBy(asc(offerings.id));
  return lockEnabled() ? q.for('update') : q;
}

/** states that hold a seat */
export const seatStates = ['confirmed', 'attended'] as const;
/** states that count as "booked" (limits, the live unique index) */
export const liveStates = ['confirmed', 'waitlisted', 'attended'] as const;

export async function seatsTaken(tx: DbOrTx, offeringId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(offeringEnrolments)
    .where(and(eq(offeringEnrolments.offeringId, offeringId), inArray(offeringEnrolments.state, [...seatStates])));
  return Number(row?.n ?? 0);
}

/** 1-based places on the waiting list, by (queued_at, id) */
export async function waitlistPositions(tx: DbOrTx, offeringId: number, enrolmentIds: number[]): Promise<Map<number, number>> {
  if (enrolmentIds.length === 0) return new Map();
  const rows = await tx.execute(sql`
    select id, pos from (
      select id, row_number() over (order by queued_at, id) as pos
      from offering_enrolments where offering_id = ${offeringId} and state = 'waitlisted'
    ) w where id in ${sql`(${sql.join(
      enrolmentIds.map((i) => sql`${i}`),
      sql`, `,
    )})`}`);
  const map = new Map<number, number>();
  for (const r of (rows as unknown as { rows: { id: number; pos: number | string }[] }).rows) map.set(Number(r.id), Number(r.pos));
  return map;
}
