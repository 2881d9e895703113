import type { Recipient } from '../facilities/facility-mails';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { type OfferingKind } from '../../../src/shared/contracts/programme';
import { sqlState, type Db, type DbOrTx, type Tx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { stamp } from '../../lib/versioned-update';
import { notFoundError, personName } from '../../lib/record-helpers';
import { audit, auditInsert, type AuditEntry, type Ctx } from '../audit/audit';
import { activeFacilityLabel, findActiveFacility } from '../facilities/facility-scope';
import { staffAddressesSql, staffOfFacility, staffOfFacilityColumn } from '../persons/person-scope';
import { rateLimitInTx, type RateCheck } from '../rate-limit/rate-limit';
import { currentSeasonColumn } from '../seasons/seasons.queries';
import { decideSeats } from './booking-decide';
import { enqueueMails, mailBudgetColumn, mailBudgetCounter, readMailBudget, type MailBudget } from '../mail/outbox';
import { bookingMails, bookingRecipients, germanDateTimeText, mailBooking, type BookingMailData } from './programme.mails';
import { bookingCancelledTemplate, bookingConfirmedTemplate, bookingPromotedTemplate, bookingWaitlistedTemplate } from './programme.mails';
import {
  awardingEvents,
  offeringEnrolments,
  offerings,
  trainingModules,
  type OfferingEnrolmentRow,
  type OfferingRow,
  type TrainingModuleRow,
} from './programme.table';

/**
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
      const timeout = `${Math.max(1, Math.floor(lockTimeoutMs()))}ms`;
      // one round trip: the lock timeout for this transaction, and the KiTa's lock (and the others) if asked; the
      // control of the concurrency test (locks off) takes none, so nothing serialises its KiTas' requests
      if (opts.facilityLock !== undefined && lockEnabled()) {
        const more = opts.moreLocks ? sql`, ${opts.moreLocks}` : sql``;
        await tx.execute(sql`select set_config('lock_timeout', ${timeout}, true), pg_advisory_xact_lock(7411, ${opts.facilityLock})${more}`);
      } else {
        await tx.execute(sql`select set_config('lock_timeout', ${timeout}, true)`);
      }
      return fn(tx);
    });
  } catch (err) {
    throw bookingError(err);
  }
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

/** German reason why the registration of this offering is closed now; null when open */
export function registrationBlocker(
  o: Pick<OfferingRow, 'state' | 'registrationOpensAt' | 'registrationClosesAt' | 'startsAt' | 'endsAt'>,
  now = new Date(),
): string | null {
  if (o.state === 'cancelled') return 'Dieser Termin wurde abgesagt.';
  if (o.state !== 'published') return 'Für diesen Termin ist noch keine Anmeldung möglich.';
  // a date that is over says so first (not that its registration closed weeks ago)
  if (now >= o.endsAt) return 'Dieser Termin ist vorbei.';
  if (o.registrationOpensAt && now < o.registrationOpensAt) return `Anmeldung ab ${germanDateTimeText(o.registrationOpensAt)}.`;
  if (now >= o.startsAt) return 'Dieser Termin hat schon begonnen.';
  if (o.registrationClosesAt && now >= o.registrationClosesAt)
    return `Die Anmeldung ist seit ${germanDateTimeText(o.registrationClosesAt)} geschlossen.`;
  return null;
}

export function mailDataOf(
  o: OfferingRow,
  e: { id: number },
  person: { firstName: string; lastName: string },
  facilityLabel: string,
  extra: Partial<BookingMailData> = {},
): BookingMailData {
  return {
    enrolmentId: e.id,
    kind: o.kind as OfferingKind,
    title: o.title,
    startsAt: o.startsAt.toISOString(),
    endsAt: o.endsAt.toISOString(),
    place: o.place,
    onlineUrl: o.onlineUrl,
    personName: personName(person),
    facilityLabel,
    ...extra,
  };
}

/** the persons of these already booked on the offering of the row (not cancelled), as a column of an offerings select */
function alreadyBooked(personIds: number[]) {
  return sql<
    number[]
  >`(select coalesce(json_agg(${offeringEnrolments.personId} order by ${offeringEnrolments.personId}), '[]'::json) from ${offeringEnrolments}
    where ${and(eq(offeringEnrolments.offeringId, offerings.id), inArray(offeringEnrolments.personId, personIds), ne(offeringEnrolments.state, 'cancelled'))})`;
}

export type BookArgs = {
  facilityId: number;
  offeringId: number;
  personIds: number[];
  actor: Ctx;
  /** an admin booking on the KiTa's behalf: draft offerings and closed windows allowed */
  byAdmin?: boolean;
  /** admins only: beyond capacity (and beyond the per-KiTa limits), recorded in the audit log */
  overCapacity?: boolean;
  /**
   * rate limits the booking counts against, checked and recorded inside its transaction after the KiTa's lock: only a
   * booking that succeeds counts (docs/decisions/0030-rate-limit-in-booking.md)
   */
  rateLimit?: RateCheck[];
};

export type BookedEntry = { personId: number; enrolmentId: number; state: 'confirmed' | 'waitlisted'; waitlistPosition: number | null };

export async function book(db: Db, a: BookArgs): Promise<{ results: BookedEntry[] }> {
  const now = new Date();
  const rateChecks = a.rateLimit ?? [];
  const budget: MailBudget = a.byAdmin ? 'exempt' : { facilityId: a.facilityId };
  // The KiTa's lock (its limits span several offerings) comes first; every check that does not depend on the seats
  // runs before the offering's lock, so the lock is held only for recount, insert, audit and mail.
  const results = await inBookingTx(
    db,
    async (tx) => {
      const checkOffering = (o: OfferingRow | undefined, seasonId: number | undefined): OfferingRow => {
        if (!o || (o.state === 'draft' && !a.byAdmin)) throw notFoundError();
        if (seasonId === undefined || o.seasonId !== seasonId) throw fail('programme.not_current_season');
        if (o.state === 'cancelled') throw fail('programme.offering_cancelled');
        if (!a.byAdmin) {
          const blocked = registrationBlocker(o, now);
          if (blocked) throw fail('programme.registration_closed', [blocked]);
        }
        return o;
      };
      // the KiTa's name, the current season and the KiTa's enrolment to it, the module's limits, the staff entries and
      // who of them is booked already come with the offering: one round trip instead of six on the hot path (issue 23)
      const [pre0] = await tx
        .select({
          o: offerings,
          m: trainingModules,
          facilityLabel: activeFacilityLabel(a.facilityId),
          staff: staffOfFacilityColumn(a.facilityId, a.personIds),
          already: alreadyBooked(a.personIds),
          season: currentSeasonColumn(a.facilityId),
          rateBlockedUntil: rateLimitInTx.blockedUntilColumn(rateChecks, now),
          // what the mail budget counted for the staff entries' own addresses and the KiTa
          budgetCounts: mailBudgetColumn(staffAddressesSql(a.facilityId, a.personIds), budget),
        })
        .from(offerings)
        .leftJoin(trainingModules, eq(trainingModules.id, offerings.moduleId))
        .where(eq(offerings.id, a.offeringId));
      // the rate limit first (of a date that exists: the column comes with its row)
      rateLimitInTx.check(pre0?.rateBlockedUntil ?? null, now);
      // a KiTa that does not exist (or was merged away) first, as before
      const facilityLabel = pre0?.facilityLabel ?? null;
      if (pre0 && facilityLabel === null) throw notFoundError();
      const season = pre0?.season ?? undefined;
      const unlocked = pre0?.o;
      checkOffering(unlocked, season?.id);
      if (!season || !season.enrolled) {
        const label = season?.label ?? 'aktuellen KiTa-Jahr';
        if (a.byAdmin) throw fail('season_guard.not_enrolled_admin', [label]);
        throw season ? fail('season_guard.not_enrolled', [label, 'Angebote buchen']) : fail('season_guard.no_current_season', ['Angebote buchen']);
      }
      const staff = pre0!.staff;
      if (staff.length !== a.personIds.length) {
        throw fail('programme.persons_not_staff');
      }
      const byId = new Map(staff.map((p) => [p.id, p]));
      const already = pre0?.already ?? [];
      if (already[0] !== undefined) throw fail('programme.already_booked', [personName(byId.get(Number(already[0]))!)]);

      const overridden = a.byAdmin === true && a.overCapacity === true;
      const pre = unlocked!;
      if (pre.kind === 'training' && pre0?.m && !overridden) await checkModuleLimits(tx, pre, pre0.m, a.facilityId, a.personIds.length);
      if (pre.kind === 'awarding' && pre.awardingEventId !== null) {
        if (!season.approvedForAwardAt) {
          throw fail(a.byAdmin ? 'programme.not_approved_admin' : 'programme.not_approved');
        }
        await checkAwardingRules(tx, pre, a.facilityId, a.personIds, byId, { overridden, byAdmin: a.byAdmin === true });
      }

      // who gets the booking's mails, and what the mail budget has counted for them: read before the offering's lock,
      // with the offering when every staff entry has an address (else the KiTa's members get the mails: read here)
      const cache = new Map<number, Recipient[]>();
      const recipients = new Map<number, Recipient[]>();
      for (const p of staff) recipients.set(p.id, await bookingRecipients(tx, a.facilityId, p, cache));
      const counter = staff.every((p) => p.email)
        ? mailBudgetCounter(pre0!.budgetCounts)
        : await readMailBudget(
            tx,
            [...recipients.values()].flat().map((r) => ({ to: r.email, budget })),
          );

      // the offering's lock; its state may have changed meanwhile (cancelled, window closed): check again
      const [lockedRow] = await lockOfferings(tx, [a.offeringId]);
      const offering = checkOffering(lockedRow, season.id);

      // recount, insert and waiting places in one statement under the lock (booking-decide.ts)
      const rows = await decideSeats(tx, {
        offeringId: offering.id,
        capacity: offering.capacity,
        facilityId: a.facilityId,
        personIds: a.personIds,
        overridden,
        actorUserId: a.actor.actorUserId,
        now,
        // the control of the concurrency test: without the lock, widen the window between count and insert
        raceWindowSeconds: lockEnabled() ? undefined : 0.05,
      });
      // the audit rows, the rate limit's hit and the mails: one statement (the mails' insert, the others alongside)
      const entries: AuditEntry[] = rows.map((row) => ({
        ...a.actor,
        action: a.byAdmin ? 'offering_enrolment.create_on_behalf' : 'offering_enrolment.create',
        entityType: 'offering_enrolment',
        entityId: row.id,
        after: {
          offeringId: offering.id,
          facilityId: a.facilityId,
          personId: row.personId,
          state: row.state,
          waitlistPosition: row.waitlistPosition,
          overCapacity: row.overCapacity,
        },
      }));
      const mails = rows.flatMap((row) => {
        const person = byId.get(row.personId)!;
        return bookingMails(
          row.state === 'confirmed' ? bookingConfirmedTemplate : bookingWaitlistedTemplate,
          recipients.get(row.personId)!,
          mailDataOf(offering, row, person, facilityLabel!, { waitlistPosition: row.waitlistPosition }),
          budget,
        );
      });
      await enqueueMails(tx, mails, { counter, alongside: [auditInsert(tx, entries), rateLimitInTx.recordQuery(tx, rateChecks, now)] });
      const out: BookedEntry[] = rows.map((row) => ({
        personId: row.personId,
        enrolmentId: row.id,
        state: row.state,
        waitlistPosition: row.waitlistPosition,
      }));
      return out;
    },
    { facilityLock: a.facilityId, moreLocks: rateChecks.length ? rateLimitInTx.locks(rateChecks) : undefined },
  );
  if (rateChecks.length) await rateLimitInTx.pruneSometimes(db, now);
  return { results };
}

async function checkModuleLimits(tx: DbOrTx, offering: OfferingRow, module: TrainingModuleRow, facilityId: number, adding: number) {
  if (module.maxPerFacilityPerEvent !== null) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(offeringEnrolments)
      .where(
        and(
          eq(offeringEnrolments.offeringId, offering.id),
          eq(offeringEnrolments.facilityId, facilityId),
          inArray(offeringEnrolments.state, [...liveStates]),
        ),
      );
    if (Number(row?.n ?? 0) + adding > module.maxPerFacilityPerEvent) {
      const n = module.maxPerFacilityPerEvent;
      throw fail('programme.limit_per_event', [n]);
    }
  }
  if (module.maxPerFacilityPerModule !== null) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(offeringEnrolments)
      .innerJoin(offerings, eq(offerings.id, offeringEnrolments.offeringId))
      .where(
        and(eq(offerings.moduleId, module.id), eq(offeringEnrolments.facilityId, facilityId), inArray(offeringEnrolments.state, [...liveStates])),
      );
    if (Number(row?.n ?? 0) + adding > module.maxPerFacilityPerModule) {
      const n = module.maxPerFacilityPerModule;
      throw fail('programme.limit_per_module', [n, module.title]);
    }
  }
}

async function checkAwardingRules(
  tx: DbOrTx,
  offering: OfferingRow,
  facilityId: number,
  personIds: number[],
  staff: Map<number, { firstName: string; lastName: string }>,
  opts: { overridden: boolean; byAdmin: boolean },
) {
  const [event] = await tx.select().from(awardingEvents).where(eq(awardingEvents.id, offering.awardingEventId!));
  if (!event) throw notFoundError();
  if (event.state === 'cancelled') throw fail('programme.awarding_event_cancelled');
  if (event.state !== 'published' && !opts.byAdmin) throw notFoundError();
  if (!opts.byAdmin) {
    // the event's own registration window frames its workshops'
    const now = new Date();
    if (event.registrationOpensAt && now < event.registrationOpensAt)
      throw fail('programme.registration_not_open', [germanDateTimeText(event.registrationOpensAt)]);
    if (event.registrationClosesAt && now >= event.registrationClosesAt)
      throw fail('programme.registration_over', [germanDateTimeText(event.registrationClosesAt)]);
  }
  const live = await tx
    .select({ personId: offeringEnrolments.personId, eventId: offerings.awardingEventId, eventTitle: awardingEvents.title })
    .from(offeringEnrolments)
    .innerJoin(offerings, eq(offerings.id, offeringEnrolments.offeringId))
    .innerJoin(awardingEvents, eq(awardingEvents.id, offerings.awardingEventId))
    .where(
      and(
        eq(offerings.kind, 'awarding'),
        eq(offerings.seasonId, offering.seasonId),
        eq(offeringEnrolments.facilityId, facilityId),
        inArray(offeringEnrolments.state, [...liveStates]),
      ),
    );
  const other = live.find((l) => l.eventId !== event.id);
  if (other) throw fail('programme.other_awarding_event', [other.eventTitle]);
  const twice = live.find((l) => personIds.includes(l.personId));
  if (twice) throw fail('programme.one_workshop_per_person', [personName(staff.get(twice.personId)!)]);
  if (event.maxAttendeesPerFacility !== null && !opts.overridden) {
    const persons = new Set([...live.map((l) => l.personId), ...personIds]);
    if (persons.size > event.maxAttendeesPerFacility) {
      throw fail('programme.limit_attendees', [event.maxAttendeesPerFacility]);
    }
  }
}

export type CancelArgs = { enrolmentId: number; actor: Ctx; byAdmin: boolean; reason?: string | null; facilityId?: number; now?: Date };

/**
 * Cancels one enrolment (a KiTa's own: `facilityId` given, not after the start); if it held a seat, exactly one
 * waiting entry moves up in the same transaction.
 */
export async function cancelEnrolment(db: Db, a: CancelArgs): Promise<OfferingEnrolmentRow> {
  // a KiTa's own cancellation takes the KiTa's lock first, like its bookings: its mails count one after the other
  // under the mail budget, and the lock order (KiTa, then offering) is the booking's
  return inBookingTx(db, (tx) => cancelInTx(tx, a), a.byAdmin || a.facilityId === undefined ? {} : { facilityLock: a.facilityId });
}

export async function cancelInTx(tx: Tx, a: CancelArgs): Promise<OfferingEnrolmentRow> {
  const now = a.now ?? new Date();
  const [peek] = await tx
    .select({ offeringId: offeringEnrolments.offeringId, facilityId: offeringEnrolments.facilityId })
    .from(offeringEnrolments)
    .where(eq(offeringEnrolments.id, a.enrolmentId));
  if (!peek || (a.facilityId !== undefined && peek.facilityId !== a.facilityId)) throw notFoundError();
  const [offering] = await lockOfferings(tx, [peek.offeringId]);
  const [row] = await tx.select().from(offeringEnrolments).where(eq(offeringEnrolments.id, a.enrolmentId)).for('update');
  if (!row || !offering) throw notFoundError();
  if (row.state === 'cancelled') throw fail('programme.enrolment_already_cancelled');
  if (row.state === 'attended') throw fail('programme.attended_cannot_cancel');
  if (!a.byAdmin && now >= offering.startsAt) throw fail('programme.offering_started');
  const [updated] = (await tx
    .update(offeringEnrolments)
    .set({
      state: 'cancelled',
      cancelledAt: now,
      cancelledBy: a.actor.actorUserId,
      cancelledByAdmin: a.byAdmin,
      cancelReason: a.reason || null,
      ...stamp(offeringEnrolments, a.actor.actorUserId, now),
    })
    .where(eq(offeringEnrolments.id, row.id))
    .returning()) as [OfferingEnrolmentRow];
  await audit(tx, {
    ...a.actor,
    action: a.byAdmin ? 'offering_enrolment.cancel_by_admin' : 'offering_enrolment.cancel',
    entityType: 'offering_enrolment',
    entityId: row.id,
    before: { state: row.state },
    after: { state: 'cancelled', offeringId: row.offeringId, facilityId: row.facilityId, personId: row.personId, reason: a.reason || null },
  });
  const facility = await findActiveFacility(tx, row.facilityId);
  const [person] = await staffOfFacility(tx, row.facilityId, [row.personId], { includeRemoved: true });
  if (person) {
    await mailBooking(
      tx,
      bookingCancelledTemplate,
      row.facilityId,
      person,
      mailDataOf(offering, row, person, facility?.label ?? '', { reason: a.reason || null, byAdmin: a.byAdmin }),
      a.byAdmin ? 'exempt' : { facilityId: row.facilityId },
    );
  }
  if (row.state === 'confirmed' && offering.state !== 'cancelled') await promoteOne(tx, offering, a.actor);
  return updated;
}

/**
 * Moves exactly one waiting entry up if a seat is free (recounted; the caller holds the offering's lock): the oldest
 * by (queued_at, id), but entries of KiTas without any seat in that module (trainings) or that offering first.
 */
export async function promoteOne(tx: DbOrTx, offering: OfferingRow, actor: Ctx): Promise<OfferingEnrolmentRow | null> {
  if ((await seatsTaken(tx, offering.id)) >= offering.capacity) return null;
  const seatScope =
    offering.kind === 'training' && offering.moduleId !== null
      ? sql`exists (select 1 from offering_enrolments s join offerings so on so.id = s.offering_id
          where so.module_id = ${offering.moduleId} and s.facility_id = w.facility_id and s.state in ('confirmed', 'attended'))`
      : sql`exists (select 1 from offering_enrolments s where s.offering_id = ${offering.id} and s.facility_id = w.facility_id and s.state in ('confirmed', 'attended'))`;
  const res = (await tx.execute(sql`
    select w.id from offering_enrolments w
    where w.offering_id = ${offering.id} and w.state = 'waitlisted'
    order by (${seatScope}) asc, w.queued_at asc, w.id asc
    limit 1 for update`)) as unknown as { rows: { id: number }[] };
  const pick = res.rows[0];
  if (!pick) return null;
  const now = new Date();
  const [row] = (await tx
    .update(offeringEnrolments)
    .set({ state: 'confirmed', confirmedAt: now, ...stamp(offeringEnrolments, actor.actorUserId, now) })
    .where(and(eq(offeringEnrolments.id, Number(pick.id)), eq(offeringEnrolments.state, 'waitlisted')))
    .returning()) as [OfferingEnrolmentRow | undefined];
  if (!row) return null;
  await audit(tx, {
    ...actor,
    action: 'offering_enrolment.promote',
    entityType: 'offering_enrolment',
    entityId: row.id,
    before: { state: 'waitlisted' },
    after: { state: 'confirmed', offeringId: offering.id, facilityId: row.facilityId, personId: row.personId },
  });
  const facility = await findActiveFacility(tx, row.facilityId);
  const [person] = await staffOfFacility(tx, row.facilityId, [row.personId], { includeRemoved: true });
  // the promoted KiTa did not act: counted against the recipient only
  if (person)
    await mailBooking(tx, bookingPromotedTemplate, row.facilityId, person, mailDataOf(offering, row, person, facility?.label ?? ''), 'recipient');
  return row;
}
