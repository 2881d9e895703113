import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { kickMailWorkers, mailBudgetLimits } from '../mail/outbox';
import { rateLimitInTx } from '../rate-limit/rate-limit';
import { book, type BookArgs, type BookedEntry } from './booking';
import { bookingError, lockEnabled, lockTimeoutMs } from './booking-tx';

/**
 * A KiTa's booking in one round trip (issue 23, docs/decisions/0031-booking-in-one-call.md): the database function
 * `programme_book_in_one_call` (migration 0020) takes the plain case — a published training or hospitation date with
 * its registration open, the KiTa enrolled to the current season, staff entries with addresses of their own, no limit
 * reached, no mail held back — and answers null for everything else before it writes anything; then the readable
 * `book()` decides (the error, or a booking the function does not take). `booking-in-one-call.test.ts` pins both to
 * the same answers and stored rows. Only a KiTa's own booking with at most one rate limit comes here; an admin's
 * booking (drafts, closed windows, beyond capacity) always takes `book()`.
 */
export async function bookInOneCall(db: Db, a: BookArgs): Promise<{ results: BookedEntry[] } | null> {
  if (a.byAdmin || a.overCapacity || (a.rateLimit?.length ?? 0) > 1) return null;
  const rate = a.rateLimit?.[0];
  const now = new Date();
  const args = oneCallArgs(a, now);
  let rows: { r: BookedEntry[] | null }[];
  try {
    rows = await queryRows<{ r: BookedEntry[] | null }>(db, sql`select programme_book_in_one_call(${JSON.stringify(args)}::jsonb) as r`);
  } catch (err) {
    throw bookingError(err);
  }
  // jsonb: numbers and nulls as the answer needs them
  const results = rows[0]?.r ?? null;
  if (results === null) return null;
  // committed: the mails are due now
  kickMailWorkers();
  if (rate) await rateLimitInTx.pruneSometimes(db, now);
  return { results };
}

/** the function's argument (one JSON object): the booking, its time, the test switches, the rate limit and the mail budget */
export function oneCallArgs(a: BookArgs, now: Date) {
  const rate = a.rateLimit?.[0];
  const { recipient, facility } = mailBudgetLimits;
  const lock = lockEnabled();
  return {
    facilityId: a.facilityId,
    offeringId: a.offeringId,
    personIds: a.personIds,
    now: now.toISOString(),
    actorUserId: a.actor.actorUserId,
    requestId: a.actor.requestId ?? null,
    ip: a.actor.ip ?? null,
    lock,
    lockTimeoutMs: Math.max(1, Math.floor(lockTimeoutMs())),
    // the control of the concurrency test: without the lock, widen the window between count and insert
    raceWindowSeconds: lock ? null : 0.05,
    rateLockKey: rate ? rateLimitInTx.lockKey(rate) : null,
    rateBucket: rate?.rule.bucket ?? null,
    rateKey: rate?.key ?? null,
    rateLimit: rate?.rule.limit ?? null,
    rateWindowMs: rate?.rule.windowMs ?? null,
    recipientPerHour: recipient.perHour,
    recipientPerDay: recipient.perDay,
    facilityPerHour: facility.perHour,
    facilityPerDay: facility.perDay,
  };
}

/** A KiTa's booking: in one call when the database function takes it, else the readable version */
export async function bookAsKita(db: Db, a: BookArgs): Promise<{ results: BookedEntry[] }> {
  return (await bookInOneCall(db, a)) ?? book(db, a);
}
