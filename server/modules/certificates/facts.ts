import { and, asc, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documentationForms } from '../documentation/documentation.table';
import { facilities } from '../facilities/facilities.table';
import { persons } from '../persons/persons.table';
import { offeringEnrolments, offerings, trainingModules } from '../programme/programme.table';
import { seasonEnrolments, seasons } from '../seasons/seasons.table';
import type { AttendanceFacts, AwardFacts } from './printed';

/**
 * What the certificates print, read from the modules that own it (a read model, scripts/module-boundaries.cjs):
 * the KiTas whose documentation of a season is approved, with their booked awarding event, and the facts of
 * attended bookings. One query each; certificates writes only its own tables.
 */
export type AwardCandidate = AwardFacts & { facilityId: number; region: string; awardingEventId: number | null };

/** 'ohne' = KiTas booked to no awarding event */
export type AwardingEventFilter = number | 'ohne' | undefined;

const topicOf = (title: string | null, topics: string[] | null) => (title && title.trim() !== '' ? title.trim() : (topics ?? []).join(', '));

/** the awarding event the KiTa is booked to in the season (a live booking of one of its workshops), or null */
export function awardingEventColumn(seasonId: number, facilityId: SQLWrapper = facilities.id) {
  return sql<number | null>`(select o.awarding_event_id from ${offeringEnrolments} e join ${offerings} o on o.id = e.offering_id
    where e.facility_id = ${facilityId} and o.season_id = ${seasonId} and o.kind = 'awarding'
      and e.state in ('confirmed', 'waitlisted', 'attended') order by e.id limit 1)`;
}

export async function awardCandidates(
  db: DbOrTx,
  season: { id: number; identifier: string },
  filter: AwardingEventFilter,
): Promise<AwardCandidate[]> {
  const event = awardingEventColumn(season.id);
  const rows = await db
    .select({
      facilityId: facilities.id,
      label: facilities.label,
      city: facilities.city,
      region: facilities.region,
      projectTitle: seasonEnrolments.projectTitle,
      projectTopics: seasonEnrolments.projectTopics,
      awardingEventId: event,
    })
    .from(documentationForms)
    .innerJoin(facilities, and(eq(facilities.id, documentationForms.facilityId), isNull(facilities.mergedIntoId)))
    .leftJoin(
      seasonEnrolments,
      and(eq(seasonEnrolments.facilityId, facilities.id), eq(seasonEnrolments.seasonId, season.id), isNull(seasonEnrolments.withdrawnAt)),
    )
    .where(
      and(
        eq(documentationForms.seasonId, season.id),
        eq(documentationForms.state, 'approved'),
        filter === undefined ? undefined : filter === 'ohne' ? sql`${event} is null` : sql`${event} = ${filter}`,
      ),
    )
    .orderBy(asc(facilities.labelSort), asc(facilities.id));
  return rows.map((r) => ({
    facilityId: r.facilityId,
    facilityLabel: r.label,
    city: r.city,
    region: r.region,
    seasonIdentifier: season.identifier,
    projectTopic: topicOf(r.projectTitle, r.projectTopics),
    awardingEventId: r.awardingEventId === null ? null : Number(r.awardingEventId),
  }));
}

export type AttendanceCandidate = AttendanceFacts & {
  enrolmentId: number;
  facilityId: number;
  personId: number;
  seasonId: number;
  attended: boolean;
};

/** the facts of these bookings (whatever their state; `attended` says whether they are) */
export async function attendanceFacts(db: DbOrTx, enrolmentIds: number[]): Promise<AttendanceCandidate[]> {
  if (enrolmentIds.length === 0) return [];
  const rows = await db
    .select({
      enrolmentId: offeringEnrolments.id,
      state: offeringEnrolments.state,
      facilityId: offeringEnrolments.facilityId,
      personId: offeringEnrolments.personId,
      firstName: persons.firstName,
      lastName: persons.lastName,
      facilityLabel: facilities.label,
      city: facilities.city,
      seasonId: offerings.seasonId,
      seasonIdentifier: seasons.identifier,
      kind: offerings.kind,
      title: offerings.title,
      moduleTitle: trainingModules.title,
      startsAt: offerings.startsAt,
      endsAt: offerings.endsAt,
      place: offerings.place,
      onlineUrl: offerings.onlineUrl,
    })
    .from(offeringEnrolments)
    .innerJoin(offerings, eq(offerings.id, offeringEnrolments.offeringId))
    .innerJoin(seasons, eq(seasons.id, offerings.seasonId))
    .innerJoin(persons, eq(persons.id, offeringEnrolments.personId))
    .innerJoin(facilities, eq(facilities.id, offeringEnrolments.facilityId))
    .leftJoin(trainingModules, eq(trainingModules.id, offerings.moduleId))
    .where(inArray(offeringEnrolments.id, enrolmentIds))
    .orderBy(asc(offeringEnrolments.id));
  return rows.map((r) => ({
    enrolmentId: r.enrolmentId,
    attended: r.state === 'attended',
    facilityId: r.facilityId,
    personId: r.personId,
    seasonId: r.seasonId,
    personName: `${r.firstName} ${r.lastName}`.trim(),
    facilityLabel: r.facilityLabel,
    city: r.city,
    seasonIdentifier: r.seasonIdentifier,
    offeringKind: r.kind,
    offeringTitle: r.title,
    moduleTitle: r.moduleTitle,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    place: r.place,
    onlineUrl: r.onlineUrl,
  }));
}

/** the attended bookings of one date (its "Teilnahmebescheinigungen (PDF)") */
export async function attendedEnrolmentsOf(db: DbOrTx, offeringId: number): Promise<number[]> {
  const rows = await db
    .select({ id: offeringEnrolments.id })
    .from(offeringEnrolments)
    .where(and(eq(offeringEnrolments.offeringId, offeringId), eq(offeringEnrolments.state, 'attended')));
  return rows.map((r) => r.id);
}
