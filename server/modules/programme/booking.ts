import { and, eq, inArray, ne, sql, type Placeholder } from 'drizzle-orm';
import { pipelinedTransaction, type Db, type DbOrTx } from '../../db/client';
import { bindArray, compileSqlByKind, inlineSql, tableRow, type Bound } from '../../db/compiled-sql';
import { fail } from '../../lib/http-error';
import { notFoundError, personName } from '../../lib/record-helpers';
import { auditInsertSelect, type Ctx } from '../audit/audit';
import type { Recipient } from '../facilities/facility-mails';
import { activeFacilityLabel } from '../facilities/facility-scope';
import { staffAddressesSql, staffOfFacilityColumn, type StaffBrief } from '../persons/person-scope';
import { rateLimitInTx, type RateCheck, type RateRule } from '../rate-limit/rate-limit';
import { currentSeasonColumn, type CurrentSeasonBrief } from '../seasons/seasons.queries';
import {
  chosenMailRows,
  chosenMailsInsert,
  mailBudgetColumn,
  mailBudgetCounter,
  mailsChosen,
  readMailBudget,
  type MailBudget,
  type MailBudgetCounts,
} from '../mail/outbox';
import { decideAndWriteSql, decidedOf } from './booking-decide';
import { bookingError, bookingLocks, liveStates, lockEnabled } from './booking-tx';
import { bookingMailChoices, bookingRecipients, germanDateTimeText, mailDataOf } from './programme.mails';
import { awardingEvents, offeringEnrolments, offerings, trainingModules, type OfferingRow } from './programme.table';

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
function alreadyBooked(personIds: Bound<number[]>) {
  return sql<
    number[]
  >`(select coalesce(json_agg(${offeringEnrolments.personId} order by ${offeringEnrolments.personId}), '[]'::json) from ${offeringEnrolments}
    where ${and(eq(offeringEnrolments.offeringId, offerings.id), sql`${offeringEnrolments.personId} = any(${bindArray(personIds)}::int[])`, ne(offeringEnrolments.state, 'cancelled'))})`;
}

/** what the booking needs of the date's module: its limits per KiTa and what the KiTa has booked of them (counted only where a limit is set) */
type ModuleLimits = { id: number; title: string; perEvent: number | null; perModule: number | null; atEvent: number | null; inModule: number | null };
function moduleLimitsColumn(facilityId: Bound<number>) {
  const live = sql.join(
    liveStates.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql<ModuleLimits | null>`(select json_build_object('id', ${trainingModules.id}, 'title', ${trainingModules.title},
      'perEvent', ${trainingModules.maxPerFacilityPerEvent}, 'perModule', ${trainingModules.maxPerFacilityPerModule},
      'atEvent', case when ${trainingModules.maxPerFacilityPerEvent} is not null then (select count(*) from ${offeringEnrolments} e
        where e.offering_id = ${offerings.id} and e.facility_id = ${facilityId} and e.state in (${live})) end,
      'inModule', case when ${trainingModules.maxPerFacilityPerModule} is not null then (select count(*) from ${offeringEnrolments} e
        join ${offerings} x on x.id = e.offering_id where x.module_id = ${trainingModules.id} and e.facility_id = ${facilityId} and e.state in (${live})) end)
    from ${trainingModules} where ${trainingModules.id} = ${offerings.moduleId})`;
}

const offeringRow = tableRow(offerings);

/**
 * The booking's read after the KiTa's lock, in one statement built once per kind (issue 36): the date (locked: its
 * state may change until then, and the seats are recounted under this lock by the next statement), the KiTa's name,
 * the current season and the KiTa's enrolment to it, the staff entries and who of them is booked already, the module's
 * limits, the rate limit and what the mail budget counted for the staff entries' own addresses and the KiTa.
 */
const preReadSql = compileSqlByKind<[rules: RateRule[], exempt: boolean, lock: boolean], 'offeringId' | 'facilityId' | 'personIds' | 'now' | RateKey>(
  (p, rules, exempt, lock) => {
    const facilityId = p('facilityId');
    const personIds = p('personIds');
    return sql`select ${offeringRow.columns},
      ${activeFacilityLabel(facilityId)} as facility_label,
      ${staffOfFacilityColumn(facilityId, personIds)} as staff,
      ${alreadyBooked(personIds)} as already,
      ${currentSeasonColumn(facilityId)} as season,
      ${moduleLimitsColumn(facilityId)} as module,
      ${rateLimitInTx.blockedUntilColumn(rateChecksOf(rules, p), p('now'))} as rate_blocked_until,
      ${mailBudgetColumn(staffAddressesSql(facilityId, personIds), exempt ? 'exempt' : { facilityId })} as budget_counts
    from ${offerings} where ${offerings.id} = ${p('offeringId')}${lock ? sql` for update of ${offerings}` : sql``}`;
  },
);

/** the rate limits' keys as values of the booking's statements (`rateChecksOf` names them in the statements) */
type RateKey = `rateKey${number}`;
const rateKeys = (checks: RateCheck[]) => Object.fromEntries(checks.map((c, i) => [`rateKey${i}`, c.key]));
const rateChecksOf = (rules: RateRule[], p: (name: RateKey) => Placeholder) => rules.map((rule, i) => ({ rule, key: p(`rateKey${i}`) }));

type PreRead = Record<keyof OfferingRow, unknown> & {
  facility_label: string | null;
  staff: StaffBrief[];
  already: number[];
  season: CurrentSeasonBrief | null;
  module: ModuleLimits | null;
  rate_blocked_until: number | string | null;
  budget_counts: MailBudgetCounts[];
};

const preReadOf = (rows: Record<string, unknown>[]) => {
  const row = rows[0] as PreRead | undefined;
  return row ? { ...row, o: offeringRow.map(row) } : undefined;
};

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
  // Two round trips on PostgreSQL (issue 36, docs/decisions/0043-one-booking-two-round-trips.md): BEGIN, the KiTa's lock (its
  // limits span several offerings) and the read that locks the date in one message, each statement with a snapshot
  // of its own; then the decision with every write and COMMIT. A refusal rolls back before anything was written; the
  // rare cases (an awarding workshop, staff entries without an address) read more in between.
  const locks = bookingLocks({ facilityLock: a.facilityId, moreLocks: rateChecks.length ? rateLimitInTx.locks(rateChecks) : undefined });
  const { results, mails } = await pipelinedTransaction(db, async (p) => {
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
    const rules = rateChecks.map((c) => c.rule);
    const [, first] = await p.send([
      inlineSql(locks),
      preReadSql(
        rules,
        a.byAdmin === true,
        lockEnabled(),
      )({ offeringId: a.offeringId, facilityId: a.facilityId, personIds: a.personIds, now, ...rateKeys(rateChecks) }),
    ]);
    const pre = preReadOf(first!.rows);
    // the rate limit first (of a date that exists: the column comes with its row)
    rateLimitInTx.check(pre?.rate_blocked_until ?? null, now);
    // a KiTa that does not exist (or was merged away) first
    const facilityLabel = pre?.facility_label ?? null;
    if (pre && facilityLabel === null) throw notFoundError();
    const season = pre?.season ?? undefined;
    const offering = checkOffering(pre?.o, season?.id);
    if (!season || !season.enrolled) {
      const label = season?.label ?? 'aktuellen KiTa-Jahr';
      if (a.byAdmin) throw fail('season_guard.not_enrolled_admin', [label]);
      throw season ? fail('season_guard.not_enrolled', [label, 'Angebote buchen']) : fail('season_guard.no_current_season', ['Angebote buchen']);
    }
    const staff = pre!.staff;
    if (staff.length !== a.personIds.length) throw fail('programme.persons_not_staff');
    const byId = new Map(staff.map((p) => [p.id, p]));
    const already = pre!.already;
    if (already[0] !== undefined) throw fail('programme.already_booked', [personName(byId.get(Number(already[0]))!)]);

    const overridden = a.byAdmin === true && a.overCapacity === true;
    if (offering.kind === 'training' && pre!.module && !overridden) checkModuleLimits(pre!.module, a.personIds.length);
    if (offering.kind === 'awarding' && offering.awardingEventId !== null) {
      if (!season.approvedForAwardAt) {
        throw fail(a.byAdmin ? 'programme.not_approved_admin' : 'programme.not_approved');
      }
      await checkAwardingRules(p.db(), offering, a.facilityId, a.personIds, byId, { overridden, byAdmin: a.byAdmin === true });
    }

    // who gets the booking's mails, and what the mail budget has counted for them: read with the date when every
    // staff entry has an address (else the KiTa's members get the mails: read here)
    const cache = new Map<number, Recipient[]>();
    const recipients = new Map<number, Recipient[]>();
    for (const person of staff) recipients.set(person.id, await bookingRecipients(p.db(), a.facilityId, person, cache));
    const counter = staff.every((person) => person.email)
      ? mailBudgetCounter(pre!.budget_counts)
      : await readMailBudget(
          p.db(),
          [...recipients.values()].flat().map((r) => ({ to: r.email, budget })),
        );
    // the mails of a seat and of a waiting place, in the order of the persons (the order of their enrolments)
    const choices = a.personIds.map((id) =>
      bookingMailChoices(id, recipients.get(id)!, mailDataOf(offering, { id: 0 }, byId.get(id)!, facilityLabel!, { waitlistPosition: null }), budget),
    );
    // recount, insert and waiting places under the date's lock, with the audit rows, the rate limit's hit and the
    // mails: one statement (booking-decide.ts), built once per kind
    const written = writeSql(
      // the control of the concurrency test: without the lock, widen the window between count and insert
      lockEnabled() ? undefined : 0.05,
      a.byAdmin === true,
      rules,
    )({
      offeringId: offering.id,
      capacity: offering.capacity,
      facilityId: a.facilityId,
      personIds: JSON.stringify(a.personIds),
      overridden,
      actorUserId: a.actor.actorUserId,
      requestId: a.actor.requestId ?? null,
      ip: a.actor.ip ?? null,
      now,
      auditBase: JSON.stringify({ offeringId: offering.id, facilityId: a.facilityId }),
      mails: chosenMailRows(choices.flat(), counter),
      ...rateKeys(rateChecks),
    });
    const [answer] = await p.send([written], { commit: true });
    const done = decidedOf(answer!.rows);
    const out: BookedEntry[] = done.decided.map((row) => ({
      personId: row.personId,
      enrolmentId: row.id,
      state: row.state,
      waitlistPosition: row.waitlistPosition,
    }));
    return { results: out, mails: done.mails };
  }).catch((err: unknown) => {
    throw bookingError(err);
  });
  // committed: the mails are due now
  mailsChosen(mails);
  if (rateChecks.length) await rateLimitInTx.pruneSometimes(db, now);
  return { results };
}

/**
 * The booking's decision and writes (decideAndWriteSql), compiled once per kind: the enrolments, their audit rows
 * (`after`: the booking's own record of each), the rate limit's hit and the chosen mails.
 */
type WriteValue =
  | 'offeringId'
  | 'capacity'
  | 'facilityId'
  | 'personIds'
  | 'overridden'
  | 'actorUserId'
  | 'requestId'
  | 'ip'
  | 'now'
  | 'auditBase'
  | 'mails'
  | RateKey;
const writeSql = compileSqlByKind<[raceWindowSeconds: number | undefined, byAdmin: boolean, rules: RateRule[]], WriteValue>(
  (p, raceWindowSeconds, byAdmin, rules) =>
    decideAndWriteSql(
      {
        offeringId: p('offeringId'),
        capacity: p('capacity'),
        facilityId: p('facilityId'),
        personIds: p('personIds'),
        overridden: p('overridden'),
        actorUserId: p('actorUserId'),
        now: p('now'),
      },
      raceWindowSeconds,
      (decided) => ({
        writes: [
          auditInsertSelect(
            {
              actorUserId: p('actorUserId'),
              action: byAdmin ? 'offering_enrolment.create_on_behalf' : 'offering_enrolment.create',
              entityType: 'offering_enrolment',
              requestId: p('requestId'),
              ip: p('ip'),
            },
            sql`select d.id::text as entity_id, ${p('auditBase')}::jsonb
              || jsonb_build_object('personId', d.person_id, 'state', d.state, 'waitlistPosition', d.pos, 'overCapacity', d.over_capacity) as after
              from ${decided} d order by d.id`,
          ),
          rateLimitInTx.recordQuery(rateChecksOf(rules, p), p('now')),
        ],
        mails: chosenMailsInsert(
          p('mails'),
          sql`select d.person_id::text as key, d.state as outcome, jsonb_build_object('enrolmentId', d.id, 'waitlistPosition', d.pos) as extra,
            d.id as ord from ${decided} d`,
        ),
      }),
    ),
);

function checkModuleLimits(m: ModuleLimits, adding: number) {
  if (m.perEvent !== null && Number(m.atEvent ?? 0) + adding > m.perEvent) throw fail('programme.limit_per_event', [m.perEvent]);
  if (m.perModule !== null && Number(m.inModule ?? 0) + adding > m.perModule) throw fail('programme.limit_per_module', [m.perModule, m.title]);
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
