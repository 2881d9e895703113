import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { SeasonChecklist } from '../../../src/shared/contracts/season-enrolment';
import type { DbOrTx } from '../../db/client';
import { germanDate } from '../../../src/shared/berlin-date';
import type { SeasonRow } from '../seasons/seasons.table';
import { germanDateTimeText } from './programme.mails';
import { awardingEvents, offeringEnrolments, offerings } from './programme.table';

type Step = SeasonChecklist['steps'][number];
type Kind = 'training' | 'hospitation' | 'awarding';
type Booking = { offeringId: number; kind: Kind; state: 'confirmed' | 'waitlisted' | 'attended'; startsAt: Date; eventTitle: string | null };

// "Di." of a date in Berlin, built once
const weekday = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', weekday: 'short' });
/** "Di., 10.02.2027, 09:00 Uhr" */
const dayAndTime = (d: Date) => `${weekday.format(d).replace(/\.?$/, '.')}, ${germanDateTimeText(d)}`;

const RANK = { attended: 3, confirmed: 2, waitlisted: 1 } as const;

/** one line per date (a date booked for several people counts once, by its best state) */
function bookingLine(b: Booking): string {
  const when = dayAndTime(b.startsAt);
  const event = b.eventTitle ? `${b.eventTitle}, ` : '';
  if (b.state === 'attended') return `Teilgenommen: ${event}${when}`;
  if (b.state === 'confirmed') return `Gebucht: ${event}${when}`;
  return `Auf der Warteliste: ${event}${when}`;
}

function bookedStep(base: Omit<Step, 'state' | 'detail'>, bookings: Booking[], none: () => Pick<Step, 'state' | 'detail'>): Step {
  const byOffering = new Map<number, Booking>();
  for (const b of bookings) {
    const seen = byOffering.get(b.offeringId);
    if (!seen || RANK[b.state] > RANK[seen.state]) byOffering.set(b.offeringId, b);
  }
  const dates = [...byOffering.values()];
  if (dates.length === 0) return { ...base, ...none() };
  const state = dates.some((b) => b.state === 'attended') ? 'done' : dates.some((b) => b.state === 'confirmed') ? 'booked' : 'waitlisted';
  const lines = dates.slice(0, 3).map(bookingLine);
  const more = dates.length > 3 ? `; und ${dates.length - 3} weitere` : '';
  return { ...base, state, detail: lines.join('; ') + more };
}

/** nothing booked yet: open until the deadline (for an enrolled KiTa), missed after it */
const unbooked = (deadline: string | null, enrolled: boolean, today: string, what: string) => (): Pick<Step, 'state' | 'detail'> => {
  if (deadline && deadline < today) return { state: 'missed', detail: `Frist am ${germanDate(deadline)} abgelaufen` };
  if (!enrolled) return { state: 'upcoming', detail: 'Nach der Anmeldung zum KiTa-Jahr möglich' };
  return { state: 'open', detail: deadline ? `${what} bis ${germanDate(deadline)} möglich` : `${what} möglich` };
};

/**
 * The checklist's trainings, hospitation and awarding-event steps (seasons gets this passed in by app.ts, ADR 0009):
 * the KiTa's live bookings of the season's dates, each with its day, in one query.
 */
export async function programmeSteps(db: DbOrTx, facilityId: number, season: SeasonRow, enrolled: boolean, today: string, approvedForAward: boolean) {
  const rows = await db
    .select({
      offeringId: offerings.id,
      kind: offerings.kind,
      state: offeringEnrolments.state,
      startsAt: offerings.startsAt,
      eventTitle: awardingEvents.title,
    })
    .from(offeringEnrolments)
    .innerJoin(offerings, eq(offerings.id, offeringEnrolments.offeringId))
    .leftJoin(awardingEvents, eq(awardingEvents.id, offerings.awardingEventId))
    .where(
      and(
        eq(offeringEnrolments.facilityId, facilityId),
        eq(offerings.seasonId, season.id),
        ne(offerings.state, 'cancelled'),
        inArray(offeringEnrolments.state, ['confirmed', 'waitlisted', 'attended']),
      ),
    )
    .orderBy(asc(offerings.startsAt), asc(offerings.id));
  const of = (kind: Kind) => rows.filter((r): r is typeof r & Booking => r.kind === kind && r.state !== 'cancelled');

  const trainings = bookedStep(
    { key: 'trainings', label: 'Fortbildungen besuchen', deadline: season.trainingsDeadline, path: '/fortbildungen' },
    of('training'),
    unbooked(season.trainingsDeadline, enrolled, today, 'Buchung'),
  );
  const hospitation = bookedStep(
    { key: 'hospitation', label: 'Hospitation', deadline: season.hospitationDeadline, path: '/hospitationen' },
    of('hospitation'),
    unbooked(season.hospitationDeadline, enrolled, today, 'Buchung'),
  );
  const award = bookedStep(
    { key: 'award', label: 'Auszeichnungsveranstaltung', deadline: season.awardDate, path: '/auszeichnungsverantaltung' },
    of('awarding'),
    () =>
      season.awardDate && season.awardDate < today
        ? { state: 'closed', detail: `am ${germanDate(season.awardDate)}` }
        : approvedForAward
          ? {
              // the jury accepted the form and the KiTa is admitted: the step says so instead of "after the acceptance"
              state: 'open',
              detail: `Zur Auszeichnung zugelassen: Plätze buchen${season.awardDate ? ` (am ${germanDate(season.awardDate)})` : ''}`,
            }
          : {
              state: 'upcoming',
              detail: season.awardDate
                ? `am ${germanDate(season.awardDate)}; nach der Annahme eures Dokumentationsbogens`
                : 'Nach der Annahme eures Dokumentationsbogens',
            },
  );
  return { trainings, hospitation, award };
}
