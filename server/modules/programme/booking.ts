import type { Recipient } from '../facilities/facility-mails';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Db, type DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { notFoundError, personName } from '../../lib/record-helpers';
import { auditInsert, type AuditEntry, type Ctx } from '../audit/audit';
import { activeFacilityLabel } from '../facilities/facility-scope';
import { staffAddressesSql, staffOfFacilityColumn } from '../persons/person-scope';
import { rateLimitInTx, type RateCheck } from '../rate-limit/rate-limit';
import { currentSeasonColumn } from '../seasons/seasons.queries';
import { enqueueMails, mailBudgetColumn, mailBudgetCounter, readMailBudget, type MailBudget } from '../mail/outbox';
import { decideSeats } from './booking-decide';
import { inBookingTx, liveStates, lockEnabled, lockOfferings } from './booking-tx';
import {
  bookingConfirmedTemplate,
  bookingMails,
  bookingRecipients,
  bookingWaitlistedTemplate,
  germanDateTimeText,
  mailDataOf,
} from './programme.mails';
import { awardingEvents, offeringEnrolments, offerings, trainingModules, type OfferingRow, type TrainingModuleRow } from './programme.table';

/*
 * A KiTa's booking (and an admin's on its behalf): every rule and refusal, then the seats decided under the locks of
 * booking-tx.ts. docs/decisions/0011-booking-lock.md, 0029-booking-one-statement.md.
 */

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
