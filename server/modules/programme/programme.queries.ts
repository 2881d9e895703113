import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AwardingEvent, OfferingKind } from '../../../src/shared/contracts/programme';
import type { DbOrTx } from '../../db/client';
import { iso, isoOrNull } from '../../lib/record-helpers';
import { facilities } from '../facilities/facilities.table';
import { persons } from '../persons/persons.table';
import {
  offeringEnrolments,
  offerings,
  trainingModules,
  type AwardingEventRow,
  type OfferingEnrolmentRow,
  type OfferingRow,
} from './programme.table';

/**
 * The programme's read model (scripts/module-boundaries.cjs lists it): offerings with their module and host KiTa,
 * enrolments with the KiTa and the staff entry, each in one query. Writes stay in the booking files and the services.
 */

const taken = sql<number>`(select count(*)::int from offering_enrolments t where t.offering_id = ${offerings.id} and t.state in ('confirmed', 'attended'))`;
const waiting = sql<number>`(select count(*)::int from offering_enrolments t where t.offering_id = ${offerings.id} and t.state = 'waitlisted')`;

export type OfferingView = {
  o: OfferingRow;
  moduleTitle: string | null;
  host: { id: number; label: string; street: string; postalCode: string; city: string } | null;
  taken: number;
  waiting: number;
};

export async function offeringViews(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL[] = [asc(offerings.startsAt), asc(offerings.id)],
): Promise<OfferingView[]> {
  const rows = await db
    .select({
      o: offerings,
      moduleTitle: trainingModules.title,
      hostId: facilities.id,
      hostLabel: facilities.label,
      hostStreet: facilities.street,
      hostPostalCode: facilities.postalCode,
      hostCity: facilities.city,
      taken,
      waiting,
    })
    .from(offerings)
    .leftJoin(trainingModules, eq(trainingModules.id, offerings.moduleId))
    .leftJoin(facilities, eq(facilities.id, offerings.hostFacilityId))
    .where(where)
    .orderBy(...order);
  return rows.map((r) => ({
    o: r.o,
    moduleTitle: r.moduleTitle,
    host:
      r.hostId === null
        ? null
        : { id: r.hostId, label: r.hostLabel ?? '', street: r.hostStreet ?? '', postalCode: r.hostPostalCode ?? '', city: r.hostCity ?? '' },
    taken: Number(r.taken),
    waiting: Number(r.waiting),
  }));
}

/** what a KiTa sees of a kind in a season: published dates, and cancelled ones it had booked */
export function visibleToFacility(seasonId: number, kind: OfferingKind, facilityId: number): SQL {
  return and(
    eq(offerings.seasonId, seasonId),
    eq(offerings.kind, kind),
    // a workshop shows with its awarding event only (not while the event is a draft)
    kind === 'awarding'
      ? sql`exists (select 1 from awarding_events ae where ae.id = ${offerings.awardingEventId} and ae.state <> 'draft')`
      : undefined,
    or(
      eq(offerings.state, 'published'),
      and(
        eq(offerings.state, 'cancelled'),
        sql`exists (select 1 from offering_enrolments x where x.offering_id = ${offerings.id} and x.facility_id = ${facilityId})`,
      ),
    ),
  )!;
}

export type EnrolmentView = {
  e: OfferingEnrolmentRow;
  o: OfferingRow;
  moduleTitle: string | null;
  personFirstName: string;
  personLastName: string;
  personSalutation: string;
  personPosition: string;
  personEmail: string;
  personPhone: string;
  facilityLabel: string;
  facilityPostalCode: string;
  facilityCity: string;
  facilityRegion: string;
  waitlistPosition: number | null;
};

const position = sql<number | null>`case when ${offeringEnrolments.state} = 'waitlisted' then (
  select count(*)::int from offering_enrolments w
  where w.offering_id = ${offeringEnrolments.offeringId} and w.state = 'waitlisted'
    and (w.queued_at, w.id) <= (${offeringEnrolments.queuedAt}, ${offeringEnrolments.id})) end`;

export async function enrolmentViews(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL[] = [asc(offerings.startsAt), asc(offeringEnrolments.id)],
): Promise<EnrolmentView[]> {
  const rows = await db
    .select({
      e: offeringEnrolments,
      o: offerings,
      moduleTitle: trainingModules.title,
      personFirstName: persons.firstName,
      personLastName: persons.lastName,
      personSalutation: persons.salutation,
      personPosition: persons.position,
      personEmail: persons.email,
      personPhone: persons.phone,
      facilityLabel: facilities.label,
      facilityPostalCode: facilities.postalCode,
      facilityCity: facilities.city,
      facilityRegion: facilities.region,
      waitlistPosition: position,
    })
    .from(offeringEnrolments)
    .innerJoin(offerings, eq(offerings.id, offeringEnrolments.offeringId))
    .innerJoin(persons, eq(persons.id, offeringEnrolments.personId))
    .innerJoin(facilities, eq(facilities.id, offeringEnrolments.facilityId))
    .leftJoin(trainingModules, eq(trainingModules.id, offerings.moduleId))
    .where(where)
    .orderBy(...order);
  return rows.map((r) => ({ ...r, waitlistPosition: r.waitlistPosition === null ? null : Number(r.waitlistPosition) }));
}

export const liveEnrolmentsOf = (facilityId: number, offeringIds: number[]) =>
  and(
    eq(offeringEnrolments.facilityId, facilityId),
    inArray(offeringEnrolments.offeringId, offeringIds.length ? offeringIds : [0]),
    ne(offeringEnrolments.state, 'cancelled'),
  );

/**
 * An awarding event as the API answers it, without its workshops: the one mapping of the entity's fields, which the
 * KiTa's answer (staff.service.ts, with its workshops) and the admin's (admin-awarding-events.service.ts, with
 * season, counts and version) each extend, as their contracts extend awardingEventSchema.
 */
export const awardingEventFields = (e: AwardingEventRow): Omit<AwardingEvent, 'workshops'> => ({
  id: e.id,
  title: e.title,
  description: e.description,
  startsAt: iso(e.startsAt),
  endsAt: iso(e.endsAt),
  place: e.place,
  region: e.region,
  maxAttendeesPerFacility: e.maxAttendeesPerFacility,
  state: e.state,
  registrationOpensAt: isoOrNull(e.registrationOpensAt),
  registrationClosesAt: isoOrNull(e.registrationClosesAt),
});
