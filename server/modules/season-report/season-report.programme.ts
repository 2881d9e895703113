import { sql } from 'drizzle-orm';
import { NO_REGION, type ProgrammeFigures, type SeasonReport } from '../../../src/shared/contracts/season-report';
import { queryRows, type DbOrTx } from '../../db/client';
import { regionOrder } from './season-report.participation';

/**
 * The season's programme as the admin lists of dates count it (programme/admin-offerings.list.ts: seats taken =
 * confirmed + attended, the waiting list = waitlisted) and team-workshop applications as their list does (live,
 * i.e. not withdrawn). Drafts are no dates yet; cancelled dates are counted apart and add no seats.
 */

type DateGroup = {
  kind: 'training' | 'hospitation';
  module_id: number | null;
  region: string | null;
  state: 'published' | 'cancelled';
  dates: number;
  held: number;
  seats: number;
  booked: number;
  attended: number;
  waitlisted: number;
};

/** each date's bookings counted once (a lateral over its enrolments), grouped by kind, module, region and state */
const bookings = sql`cross join lateral (
    select count(*) filter (where e.state in ('confirmed', 'attended')) as booked,
           count(*) filter (where e.state = 'attended') as attended,
           count(*) filter (where e.state = 'waitlisted') as waitlisted
    from offering_enrolments e where e.offering_id = o.id) b`;

function dateGroups(db: DbOrTx, seasonId: number) {
  return queryRows<DateGroup>(
    db,
    sql`select o.kind, o.module_id, o.region, o.state, count(*)::int as dates,
          count(*) filter (where o.ends_at < now())::int as held,
          sum(o.capacity)::int as seats, sum(b.booked)::int as booked, sum(b.attended)::int as attended, sum(b.waitlisted)::int as waitlisted
        from offerings o ${bookings}
        where o.season_id = ${seasonId} and o.kind in ('training', 'hospitation') and o.state <> 'draft'
        group by o.kind, o.module_id, o.region, o.state`,
  );
}

const zero = (): ProgrammeFigures => ({ dates: 0, held: 0, cancelled: 0, seats: 0, booked: 0, attended: 0, waitlisted: 0 });

function figuresOf(groups: DateGroup[]): ProgrammeFigures {
  const f = zero();
  for (const g of groups) {
    if (g.state === 'cancelled') {
      f.cancelled += Number(g.dates);
      continue;
    }
    f.dates += Number(g.dates);
    f.held += Number(g.held);
    f.seats += Number(g.seats);
    f.booked += Number(g.booked);
    f.attended += Number(g.attended);
    f.waitlisted += Number(g.waitlisted);
  }
  return f;
}

/** the seven regions always (a chart keeps its axis), the dates without a region only when there are some */
function byRegion(groups: DateGroup[]) {
  const rows = regionOrder(groups.flatMap((g) => (g.region ? [g.region] : []))).map((region) => ({
    region,
    ...figuresOf(groups.filter((g) => g.region === region)),
  }));
  const none = groups.filter((g) => !g.region);
  return none.length > 0 ? [...rows, { region: NO_REGION, ...figuresOf(none) }] : rows;
}

export async function programmeSection(db: DbOrTx, seasonId: number): Promise<NonNullable<SeasonReport['programme']>> {
  const [groups, modules] = await Promise.all([
    dateGroups(db, seasonId),
    queryRows<{ id: number; title: string }>(db, sql`select id, title from training_modules where season_id = ${seasonId} order by title, id`),
  ]);
  const trainings = groups.filter((g) => g.kind === 'training');
  const hospitations = groups.filter((g) => g.kind === 'hospitation');
  return {
    trainingsByModule: modules.map((m) => ({ moduleId: m.id, title: m.title, ...figuresOf(trainings.filter((g) => g.module_id === m.id)) })),
    trainingsByRegion: byRegion(trainings),
    trainingsTotal: figuresOf(trainings),
    hospitationsByRegion: byRegion(hospitations),
    hospitationsTotal: figuresOf(hospitations),
  };
}

const twStates = ['submitted', 'accepted', 'declined', 'scheduled'] as const;

export async function teamWorkshopsSection(db: DbOrTx, seasonId: number): Promise<NonNullable<SeasonReport['teamWorkshops']>> {
  const groups = await queryRows<{ state: string; applications: number; participants: number }>(
    db,
    sql`select state, count(*)::int as applications, sum(participant_count)::int as participants
        from team_workshop_applications where season_id = ${seasonId} and withdrawn_at is null group by state`,
  );
  const rows = twStates.map((state) => {
    const g = groups.find((x) => x.state === state);
    return { state, applications: Number(g?.applications ?? 0), participants: Number(g?.participants ?? 0) };
  });
  return {
    rows,
    total: { applications: rows.reduce((a, r) => a + r.applications, 0), participants: rows.reduce((a, r) => a + r.participants, 0) },
  };
}

type EventRow = {
  id: number;
  title: string;
  starts_at: Date | string;
  region: string | null;
  workshops: number;
  seats: number;
  booked: number;
  attended: number;
  waitlisted: number;
  facilities: number;
};

/** the published awarding events and their published workshops: seats, persons booked and attended, KiTas booked */
export async function awardingSection(db: DbOrTx, seasonId: number): Promise<NonNullable<SeasonReport['awarding']>> {
  const eventsQuery = queryRows<EventRow>(
    db,
    sql`select a.id, a.title, a.starts_at, a.region,
          count(o.id)::int as workshops, coalesce(sum(o.capacity), 0)::int as seats,
          coalesce(sum(b.booked), 0)::int as booked, coalesce(sum(b.attended), 0)::int as attended,
          coalesce(sum(b.waitlisted), 0)::int as waitlisted,
          (select count(distinct e.facility_id) from offering_enrolments e join offerings x on x.id = e.offering_id
            where x.awarding_event_id = a.id and x.state = 'published' and e.state in ('confirmed', 'attended'))::int as facilities
        from awarding_events a
        left join offerings o on o.awarding_event_id = a.id and o.state = 'published'
        left join lateral (
          select count(*) filter (where e.state in ('confirmed', 'attended')) as booked,
                 count(*) filter (where e.state = 'attended') as attended,
                 count(*) filter (where e.state = 'waitlisted') as waitlisted
          from offering_enrolments e where e.offering_id = o.id) b on true
        where a.season_id = ${seasonId} and a.state = 'published'
        group by a.id order by a.starts_at, a.id`,
  );
  // a KiTa at two events counts once in the total
  const distinctQuery = queryRows<{ n: number }>(
    db,
    sql`select count(distinct e.facility_id)::int as n from offering_enrolments e
        join offerings x on x.id = e.offering_id join awarding_events a on a.id = x.awarding_event_id
        where a.season_id = ${seasonId} and a.state = 'published' and x.state = 'published' and e.state in ('confirmed', 'attended')`,
  );
  const [events, [distinct]] = await Promise.all([eventsQuery, distinctQuery]);
  const keys = ['workshops', 'seats', 'booked', 'attended', 'waitlisted', 'facilities'] as const;
  const rows = events.map((e) => ({
    id: Number(e.id),
    title: e.title,
    startsAt: new Date(e.starts_at).toISOString(),
    region: e.region,
    ...Object.fromEntries(keys.map((k) => [k, Number(e[k])])),
  })) as NonNullable<SeasonReport['awarding']>['events'];
  const total = Object.fromEntries(keys.map((k) => [k, rows.reduce((a, r) => a + r[k], 0)])) as NonNullable<SeasonReport['awarding']>['total'];
  return { events: rows, total: { ...total, facilities: Number(distinct?.n ?? 0) } };
}
