import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../server/db/client';
import { benchToken } from './kit';

/**
 * The booking rush's world (`npm run bench rush`, `npm run bench scale`): the current season 2026-27 open for
 * enrolment, `kitas` KiTas enrolled to it, each with `perKita` staff entries and one member with a session, and
 * `events` training dates of `seats` seats each whose registration opened a second ago. Answers the rush: one booking
 * request per person, the dates in turn, in no particular order.
 */
export type RushShape = { kitas: number; perKita: number; events: number; seats: number };
export type RushRequest = { facilityId: number; personId: number; offeringId: number; token: string };
export type RushResult = {
  status: number;
  ms: number;
  code: string | null;
  state: string | null;
  upstream: string | null;
  waitlistPosition?: number | null;
  enrolmentId?: number | null;
};

/**
 * `history` (default): the world a portal holds when a season's registration opens: last season's dates with every
 * staff entry's attended booking, and the mails of the past weeks (sent, older than the mail budget's day). Without
 * it (`BENCH_WORLD=empty`) the booking tables are empty when the world is analysed, so PostgreSQL plans the booking's
 * reads for empty tables (sequential scans, and the budget's index read over every mail of the day) and keeps those
 * plans per connection while the rush fills the tables: a fresh installation's first minute, until autovacuum
 * analyses them again (docs/decisions/0008-performance-ledger.md, "booking rush").
 */
export type RushWorldOptions = { history?: boolean };

export async function seedRushWorld(
  db: Db,
  shape: RushShape,
  { history = true }: RushWorldOptions = {},
): Promise<{ requests: RushRequest[]; offeringIds: number[] }> {
  await db.execute(sql`insert into seasons (identifier, label, enrolment_state, is_current) values ('2026-27', 'KiTa-Jahr 2026/27', 'open', true)`);
  await db.execute(
    sql.raw(`insert into facilities (label, kind, postal_code, city, region)
      select 'Rush-KiTa ' || i, 'Kindergarten', '90402', 'Nürnberg', 'Mittelfranken' from generate_series(1, ${shape.kitas}) i`),
  );
  await db.execute(
    sql.raw(`insert into season_enrolments (facility_id, season_id, accepted_terms_at)
      select f.id, s.id, now() from facilities f, seasons s`),
  );
  await db.execute(
    sql.raw(`insert into persons (facility_id, first_name, last_name, position, email)
      select f.id, 'Person', 'Nr' || j, 'pädagogische Fachkraft', 'p' || f.id || '-' || j || '@rush.example' from facilities f, generate_series(1, ${shape.perKita}) j`),
  );
  await db.execute(
    sql.raw(`insert into users (email, password_hash, first_name, last_name, activated_at, privacy_policy_version, privacy_policy_accepted_at, newsletter, newsletter_decided_at)
      select 'member' || f.id || '@rush.example', 'x', 'Mitglied', 'Nr' || f.id, now(), (select version from privacy_policy_versions order by published_at desc limit 1), now(), false, now() from facilities f`),
  );
  await db.execute(
    sql.raw(`insert into facility_members (facility_id, user_id)
      select f.id, u.id from facilities f join users u on u.email = 'member' || f.id || '@rush.example'`),
  );
  await db.execute(sql.raw(`insert into training_modules (season_id, title) select id, 'Einsteiger' from seasons`));
  await db.execute(
    sql.raw(`insert into offerings (kind, season_id, module_id, title, starts_at, ends_at, place, region, capacity, state, registration_opens_at)
      select 'training', s.id, m.id, 'Termin ' || i, now() + interval '30 days', now() + interval '30 days 6 hours', 'Nürnberg', 'Mittelfranken', ${shape.seats}, 'published', now() - interval '1 second'
        from seasons s, training_modules m, generate_series(1, ${shape.events}) i`),
  );
  if (history) await seedLastSeason(db, shape);
  await db.execute(sql.raw('analyze'));
  const members = await queryRows<{ user_id: number; facility_id: number }>(
    db,
    'select user_id, facility_id from facility_members order by facility_id',
  );
  const tokenOf = new Map<number, string>();
  for (const m of members) tokenOf.set(m.facility_id, await benchToken(db, m.user_id));
  const personsRows = await queryRows<{ id: number; facility_id: number }>(db, 'select id, facility_id from persons order by facility_id, id');
  const offeringIds = (await queryRows<{ id: number }>(db, 'select id from offerings order by id')).map((r) => r.id);
  const requests = personsRows.map((p, i) => ({
    facilityId: p.facility_id,
    personId: p.id,
    offeringId: offeringIds[i % offeringIds.length]!,
    token: tokenOf.get(p.facility_id)!,
  }));
  // the rush arrives in no particular order
  for (let i = requests.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [requests[i], requests[j]] = [requests[j]!, requests[i]!];
  }
  return { requests, offeringIds };
}

/** last season (closed): its dates, one attended booking per staff entry, and three mails each in the past weeks */
async function seedLastSeason(db: Db, shape: RushShape) {
  await db.execute(
    sql`insert into seasons (identifier, label, enrolment_state, is_current) values ('2025-26', 'KiTa-Jahr 2025/26', 'closed', false)`,
  );
  await db.execute(sql.raw(`insert into training_modules (season_id, title) select id, 'Einsteiger' from seasons where identifier = '2025-26'`));
  await db.execute(
    sql.raw(`insert into offerings (kind, season_id, module_id, title, starts_at, ends_at, place, region, capacity, state)
      select 'training', s.id, m.id, 'Termin ' || i, now() - interval '200 days', now() - interval '200 days' + interval '6 hours', 'Nürnberg', 'Mittelfranken', ${shape.seats}, 'published'
        from seasons s join training_modules m on m.season_id = s.id, generate_series(1, ${shape.events}) i where s.identifier = '2025-26'`),
  );
  await db.execute(
    sql.raw(`insert into offering_enrolments (offering_id, facility_id, person_id, state, queued_at)
      select o.id, p.facility_id, p.id, 'attended', now() - interval '230 days'
        from persons p join (select id, row_number() over (order by id) - 1 as n from offerings where starts_at < now()) o on o.n = p.id % ${shape.events}`),
  );
  await db.execute(
    sql.raw(`insert into mail_outbox (recipient, template, data, status, facility_id, created_at, sent_at)
      select p.email, 'programme-reminder', '{}'::jsonb, 'sent', p.facility_id, now() - (d || ' days')::interval, now() - (d || ' days')::interval
        from persons p, (values (3), (10), (24)) v(d)`),
  );
}

export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Decisions per second and latencies of a rush's answers (a decision: booked, or refused for a reason other than the
 * rush). `firstWave`: a closed loop's concurrency; its first requests all arrive at once on a fresh server, and their
 * p99 is given apart from the rest's (issue 36: the p99 at 200 in flight is mostly theirs).
 */
export function rushFigures(results: RushResult[], totalMs: number, firstWave?: number) {
  const sortedMs = (rs: RushResult[]) => rs.map((r) => r.ms).sort((a, b) => a - b);
  const ms = (n: number) => Number(n.toFixed(1));
  const latencies = sortedMs(results);
  const byStatus: Record<string, number> = {};
  for (const r of results) {
    const key = r.code ? `${r.status} ${r.code}` : String(r.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  const decided = results.filter((r) => r.status === 201 || (r.status === 409 && r.code !== 'rush')).length;
  return {
    totalMs: Math.round(totalMs),
    decisionsPerSecond: Math.round((decided / totalMs) * 1000),
    p50: ms(pct(latencies, 50)),
    p90: ms(pct(latencies, 90)),
    p99: ms(pct(latencies, 99)),
    max: ms(latencies[latencies.length - 1]!),
    ...(firstWave && results.length > firstWave
      ? {
          p99FirstWave: ms(pct(sortedMs(results.slice(0, firstWave)), 99)),
          p99AfterFirstWave: ms(pct(sortedMs(results.slice(firstWave)), 99)),
        }
      : {}),
    answers: byStatus,
  };
}

/** what the database holds after a rush, checked exactly: 0 overbooked, 0 double bookings, waiting lists contiguous */
export async function rushChecks(db: Db, shape: RushShape, offeringIds: number[], results: RushResult[]) {
  const perOffering = await queryRows<{ id: number; confirmed: number; waitlisted: number; capacity: number }>(
    db,
    `select o.id, o.capacity,
       count(*) filter (where e.state = 'confirmed')::int as confirmed,
       count(*) filter (where e.state = 'waitlisted')::int as waitlisted
     from offerings o left join offering_enrolments e on e.offering_id = o.id where o.id in (${offeringIds.join(',')}) group by o.id order by o.id`,
  );
  const [doubles] = await queryRows<{ n: number }>(
    db,
    `select count(*)::int as n from (select 1 from offering_enrolments where state <> 'cancelled' and offering_id in (${offeringIds.join(',')}) group by offering_id, person_id having count(*) > 1) d`,
  );
  // contiguous waiting lists: the places the 201 answers named are, per offering, exactly 1 … n (none twice, none
  // skipped), and each answered place is the enrolment's place in the stored order (queued_at, id)
  const waiting = await queryRows<{ id: number; offering_id: number; pos: number }>(
    db,
    `select id, offering_id, row_number() over (partition by offering_id order by queued_at, id)::int as pos
     from offering_enrolments where state = 'waitlisted' and offering_id in (${offeringIds.join(',')})`,
  );
  const storedPos = new Map(waiting.map((r) => [Number(r.id), { offeringId: Number(r.offering_id), pos: Number(r.pos) }]));
  const answeredByOffering = new Map<number, number[]>();
  let waitlistGaps = 0;
  for (const r of results) {
    if (r.status !== 201 || r.state !== 'waitlisted' || r.enrolmentId == null) continue;
    const s = storedPos.get(r.enrolmentId);
    if (!s || s.pos !== r.waitlistPosition) waitlistGaps += 1;
    if (!s) continue;
    const places = answeredByOffering.get(s.offeringId) ?? [];
    places.push(r.waitlistPosition ?? -1);
    answeredByOffering.set(s.offeringId, places);
  }
  for (const places of answeredByOffering.values()) {
    if (places.sort((a, b) => a - b).some((p, i) => p !== i + 1)) waitlistGaps += 1;
  }
  const booked201 = results.filter((r) => r.status === 201).length;
  const stored = perOffering.reduce((a, o) => a + o.confirmed + o.waitlisted, 0);
  const perEventRequests = results.length / shape.events;
  const expectedConfirmed = shape.events * Math.min(shape.seats, perEventRequests);
  return {
    overbooked: perOffering.filter((o) => o.confirmed > o.capacity).length,
    doubleBookings: doubles!.n,
    waitlistGaps,
    answered201EqualsStored: booked201 === stored,
    confirmed: perOffering.reduce((a, o) => a + o.confirmed, 0),
    expectedConfirmed: booked201 === results.length ? expectedConfirmed : `≤ ${expectedConfirmed} (not every request was decided)`,
    waitlisted: perOffering.reduce((a, o) => a + o.waitlisted, 0),
  };
}
