import { and, asc, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { AwardingAnswer, FacilityEnrolment, Offering, OfferingKind, OfferingsAnswer } from '../../../src/shared/contracts/programme';
import type { DbOrTx } from '../../db/client';
import { enrolledToCurrentSeason } from '../seasons/season-guard';
import { iso, isoOrNull, notFoundError, personName } from '../../lib/record-helpers';
import { activeFacility } from '../facilities/facility-scope';
import type { MailContext } from '../mail/templates';
import { seasonQueries } from '../seasons/seasons.queries';
import type { SeasonEnrolmentRow, SeasonRow } from '../seasons/seasons.table';
import { registrationBlocker } from './booking';
import { bookingIcs, germanDateTimeText } from './programme.mails';
import {
  awardingEventFields,
  enrolmentViews,
  liveEnrolmentsOf,
  offeringViews,
  visibleToFacility,
  type EnrolmentView,
  type OfferingView,
} from './programme.queries';
import { awardingEvents, offeringEnrolments, offerings, trainingModules } from './programme.table';

/** The staff side of the season's programme: what a KiTa may book, its bookings, the host's visitors. */

type Scope = { season: SeasonRow; enrolment: SeasonEnrolmentRow };

/** the KiTa (not merged), enrolled to the current season; else 403 with the reason in German */
export async function enrolledScope(db: DbOrTx, facilityId: number): Promise<Scope> {
  return enrolledToCurrentSeason(db, facilityId, 'Angebote buchen');
}

function toOffering(v: OfferingView, own: EnrolmentView[], extraBlocker: string | null, now: Date): Offering {
  const o = v.o;
  const blocker = registrationBlocker(o, now) ?? extraBlocker;
  return {
    id: o.id,
    kind: o.kind,
    title: o.title,
    description: o.description,
    moduleId: o.moduleId,
    moduleTitle: v.moduleTitle,
    hostFacility: v.host,
    awardingEventId: o.awardingEventId,
    startsAt: iso(o.startsAt),
    endsAt: iso(o.endsAt),
    place: o.place || (v.host ? `${v.host.label}, ${v.host.street}, ${v.host.postalCode} ${v.host.city}`.replace(/, ,/g, ',') : ''),
    onlineUrl: o.onlineUrl,
    region: o.region,
    capacity: o.capacity,
    seatsLeft: Math.max(0, o.capacity - v.taken),
    waitlistLength: v.waiting,
    registrationOpensAt: isoOrNull(o.registrationOpensAt),
    registrationClosesAt: isoOrNull(o.registrationClosesAt),
    state: o.state,
    canBook: blocker === null,
    // a full date's waiting list is in the seats line (seatsLeft, waitlistLength); this says only why booking is closed
    registrationMessage: blocker,
    enrolments: own
      .filter((e) => e.o.id === o.id && e.e.state !== 'cancelled')
      .map((e) => ({
        enrolmentId: e.e.id,
        personId: e.e.personId,
        personName: personName({ firstName: e.personFirstName, lastName: e.personLastName }),
        state: e.e.state,
        waitlistPosition: e.waitlistPosition,
      })),
  };
}

export async function facilityOfferings(db: DbOrTx, facilityId: number, kind: OfferingKind, now = new Date()): Promise<OfferingsAnswer> {
  const { season, enrolment } = await enrolledScope(db, facilityId);
  const views = await offeringViews(db, visibleToFacility(season.id, kind, facilityId));
  const own = views.length
    ? await enrolmentViews(
        db,
        liveEnrolmentsOf(
          facilityId,
          views.map((v) => v.o.id),
        ),
      )
    : [];
  let extraFor = (_v: OfferingView): string | null => null;
  if (kind === 'awarding') {
    // the same reasons as on the awarding page: approval, the event's own window, one event per KiTa
    const events = new Map((await db.select().from(awardingEvents).where(eq(awardingEvents.seasonId, season.id))).map((e) => [e.id, e]));
    const chosen = own.find((e) => e.e.state !== 'cancelled')?.o.awardingEventId ?? null;
    extraFor = (v) => {
      if (!enrolment.approvedForAwardAt) return 'Deine KiTa ist noch nicht zur Auszeichnung zugelassen.';
      const e = v.o.awardingEventId === null ? undefined : events.get(v.o.awardingEventId);
      if (e) {
        const blocked = awardingEventBlocker(e, now);
        if (blocked) return blocked;
      }
      if (chosen !== null && chosen !== v.o.awardingEventId) return 'Deine KiTa ist schon für eine andere Auszeichnungsveranstaltung angemeldet.';
      return null;
    };
  }
  const modules =
    kind === 'training'
      ? (
          await db
            .select()
            .from(trainingModules)
            .where(eq(trainingModules.seasonId, season.id))
            .orderBy(asc(trainingModules.title), asc(trainingModules.id))
        ).map((m) => ({
          id: m.id,
          title: m.title,
          description: m.description,
          targetGroup: m.targetGroup,
          maxPerFacilityPerEvent: m.maxPerFacilityPerEvent,
          maxPerFacilityPerModule: m.maxPerFacilityPerModule,
        }))
      : [];
  return { offerings: views.map((v) => toOffering(v, own, extraFor(v), now)), modules };
}

function toFacilityEnrolment(v: EnrolmentView, now: Date): FacilityEnrolment {
  return {
    enrolmentId: v.e.id,
    offeringId: v.o.id,
    kind: v.o.kind,
    offeringTitle: v.o.title,
    moduleTitle: v.moduleTitle,
    startsAt: iso(v.o.startsAt),
    endsAt: iso(v.o.endsAt),
    place: v.o.place,
    onlineUrl: v.o.onlineUrl,
    offeringState: v.o.state,
    personId: v.e.personId,
    personName: personName({ firstName: v.personFirstName, lastName: v.personLastName }),
    state: v.e.state,
    waitlistPosition: v.waitlistPosition,
    createdAt: iso(v.e.createdAt),
    cancelReason: v.e.cancelReason,
    canCancel: (v.e.state === 'confirmed' || v.e.state === 'waitlisted') && now < v.o.startsAt,
  };
}

/** "Unsere Anmeldungen": the KiTa's bookings of the current season (cancelled ones too, with their reason) */
export async function facilityEnrolments(db: DbOrTx, facilityId: number, kind: OfferingKind | undefined, now = new Date()) {
  await activeFacility(db, facilityId);
  const season = await seasonQueries({ db }).current();
  if (!season) return { enrolments: [] };
  const rows = await enrolmentViews(
    db,
    and(eq(offeringEnrolments.facilityId, facilityId), eq(offerings.seasonId, season.id), kind ? eq(offerings.kind, kind) : undefined),
    [asc(offerings.startsAt), asc(offeringEnrolments.id)],
  );
  return { enrolments: rows.map((r) => toFacilityEnrolment(r, now)) };
}

export async function facilityEnrolment(db: DbOrTx, facilityId: number, enrolmentId: number, now = new Date()): Promise<FacilityEnrolment> {
  const [row] = await enrolmentViews(db, and(eq(offeringEnrolments.id, enrolmentId), eq(offeringEnrolments.facilityId, facilityId)));
  if (!row) throw notFoundError();
  return toFacilityEnrolment(row, now);
}

/** the booking as an iCalendar file (also for cancelled ones: STATUS:CANCELLED removes it from a calendar) */
export async function enrolmentIcs(db: DbOrTx, facilityId: number, enrolmentId: number, ctx: MailContext) {
  await activeFacility(db, facilityId);
  const [row] = await enrolmentViews(db, and(eq(offeringEnrolments.id, enrolmentId), eq(offeringEnrolments.facilityId, facilityId)));
  if (!row) throw notFoundError();
  const cancelled = row.e.state === 'cancelled' || row.o.state === 'cancelled';
  return bookingIcs(
    {
      enrolmentId: row.e.id,
      title: row.o.title,
      startsAt: iso(row.o.startsAt),
      endsAt: iso(row.o.endsAt),
      place: row.o.place,
      onlineUrl: row.o.onlineUrl,
      kind: row.o.kind,
    },
    ctx,
    // a waiting-list place is in the calendar as tentative until it moves up
    cancelled ? 'CANCELLED' : row.e.state === 'waitlisted' ? 'TENTATIVE' : 'CONFIRMED',
  );
}

/** a host KiTa sees who visits it (current season; KiTa and person names, no contact data) */
export async function hospitationVisits(db: DbOrTx, facilityId: number) {
  await activeFacility(db, facilityId);
  const season = await seasonQueries({ db }).current();
  if (!season) return { hospitations: [] };
  const views = await offeringViews(
    db,
    and(eq(offerings.seasonId, season.id), eq(offerings.kind, 'hospitation'), eq(offerings.hostFacilityId, facilityId), ne(offerings.state, 'draft')),
  );
  const ids = views.map((v) => v.o.id);
  const visitors = ids.length
    ? await enrolmentViews(db, and(inArray(offeringEnrolments.offeringId, ids), ne(offeringEnrolments.state, 'cancelled')))
    : [];
  return {
    hospitations: views.map((v) => ({
      offeringId: v.o.id,
      title: v.o.title,
      startsAt: iso(v.o.startsAt),
      endsAt: iso(v.o.endsAt),
      state: v.o.state,
      capacity: v.o.capacity,
      visitors: visitors
        .filter((e) => e.o.id === v.o.id)
        .map((e) => ({
          facilityLabel: e.facilityLabel,
          personName: personName({ firstName: e.personFirstName, lastName: e.personLastName }),
          state: e.e.state,
          waitlistPosition: e.waitlistPosition,
        })),
    })),
  };
}

/** why an awarding event takes no bookings now (its state, its own registration window); null when it does */
function awardingEventBlocker(e: { state: string; registrationOpensAt: Date | null; registrationClosesAt: Date | null }, now: Date): string | null {
  if (e.state === 'cancelled') return 'Diese Veranstaltung wurde abgesagt.';
  if (e.registrationOpensAt && now < e.registrationOpensAt) return `Anmeldung ab ${germanDateTimeText(e.registrationOpensAt)}.`;
  if (e.registrationClosesAt && now >= e.registrationClosesAt)
    return `Die Anmeldung ist seit ${germanDateTimeText(e.registrationClosesAt)} geschlossen.`;
  return null;
}

/** the awarding events of the current season with their workshops, for a KiTa zur Auszeichnung zugelassen */
export async function facilityAwarding(db: DbOrTx, facilityId: number, now = new Date()): Promise<AwardingAnswer> {
  const { season, enrolment } = await enrolledScope(db, facilityId);
  const eligible = enrolment.approvedForAwardAt !== null;
  const message = eligible
    ? null
    : 'Deine KiTa ist noch nicht zur Auszeichnung zugelassen. Sobald die Jury eure Dokumentation angenommen hat, kannst du dich hier anmelden.';
  const events = await db
    .select()
    .from(awardingEvents)
    .where(and(eq(awardingEvents.seasonId, season.id), or(eq(awardingEvents.state, 'published'), eq(awardingEvents.state, 'cancelled'))))
    .orderBy(asc(awardingEvents.startsAt), asc(awardingEvents.id));
  const workshops = await offeringViews(db, visibleToFacility(season.id, 'awarding', facilityId));
  const own = workshops.length
    ? await enrolmentViews(
        db,
        liveEnrolmentsOf(
          facilityId,
          workshops.map((w) => w.o.id),
        ),
      )
    : [];
  const chosen = own.find((e) => e.e.state !== 'cancelled')?.o.awardingEventId ?? null;
  const visibleEvents = events.filter((e) => e.state === 'published' || own.some((o) => o.o.awardingEventId === e.id));
  return {
    eligible,
    message,
    chosenEventId: chosen,
    events: visibleEvents.map((e) => {
      const other = chosen !== null && chosen !== e.id ? 'Deine KiTa ist schon für eine andere Auszeichnungsveranstaltung angemeldet.' : null;
      const closed = awardingEventBlocker(e, now);
      return {
        ...awardingEventFields(e),
        workshops: workshops.filter((w) => w.o.awardingEventId === e.id).map((w) => toOffering(w, own, message ?? closed ?? other, now)),
      };
    }),
  };
}

/** the KiTa's history in the programme (all seasons, newest first): the admin KiTa detail, later the own-data export */
export async function facilityProgrammeHistory(db: DbOrTx, facilityId: number) {
  const rows = await enrolmentViews(db, eq(offeringEnrolments.facilityId, facilityId), [desc(offerings.startsAt), desc(offeringEnrolments.id)]);
  const seasons = seasonQueries({ db });
  const identifiers = new Map<number, string>();
  for (const id of new Set(rows.map((r) => r.o.seasonId))) identifiers.set(id, (await seasons.byId(id))?.identifier ?? '');
  return {
    items: rows.map((r) => ({
      enrolmentId: r.e.id,
      seasonIdentifier: identifiers.get(r.o.seasonId) ?? '',
      kind: r.o.kind,
      offeringId: r.o.id,
      awardingEventId: r.o.awardingEventId,
      offeringTitle: r.o.title,
      startsAt: iso(r.o.startsAt),
      personName: personName({ firstName: r.personFirstName, lastName: r.personLastName }),
      state: r.e.state,
    })),
  };
}

/** the bookings of these staff entries (the own-data export of the account linked to them), oldest first */
export async function enrolmentsOfPersons(db: DbOrTx, personIds: number[]) {
  if (personIds.length === 0) return [];
  const rows = await enrolmentViews(db, inArray(offeringEnrolments.personId, personIds), [
    asc(offeringEnrolments.createdAt),
    asc(offeringEnrolments.id),
  ]);
  return rows.map((r) => ({
    type: 'offering-enrolment',
    id: r.e.id,
    personId: r.e.personId,
    facilityId: r.e.facilityId,
    kind: r.o.kind,
    offering: r.o.title,
    startsAt: iso(r.o.startsAt),
    state: r.e.state,
    createdAt: iso(r.e.createdAt),
    cancelledAt: isoOrNull(r.e.cancelledAt),
    attendedAt: isoOrNull(r.e.attendedAt),
  }));
}
