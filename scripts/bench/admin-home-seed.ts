import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../server/db/client';

const FACILITIES = Number(process.env.BENCH_FACILITIES ?? 5000);

/** the rows the work list counts, in bulk SQL on top of the KiTas, persons and seasons */
export async function seedWork(handle: DbHandle) {
  const db = handle.db;
  const run = (q: string) => db.execute(sql.raw(q));
  const admin = `(select min(id) from users where is_admin)`;
  // join requests of one user to 1,000 KiTas: a fifth still waits
  await run(`insert into facility_join_requests (facility_id, user_id, state)
    select f.id, ${admin}, case when f.id % 5 = 0 then 'pending' else 'declined' end from facilities f where f.id % 5 < 1 or f.id % 5 = 1`);
  // every enrolled KiTa has a form in every season, a third of the current season's submitted
  await run(`insert into documentation_forms (facility_id, season_id, state, submitted_at)
    select e.facility_id, e.season_id, case when e.facility_id % 3 = 0 then 'submitted' else 'approved' end, now()
      from season_enrolments e`);
  await run(`insert into documentation_reviews (form_id, reviewer_id, scores)
    select f.id, ${admin}, '{}'::jsonb from documentation_forms f where f.state = 'submitted' and f.id % 2 = 0`);
  // a team-workshop application from a fifth of the enrolled KiTas each season
  await run(`insert into team_workshop_applications (facility_id, season_id, preferred_date_1, participant_count, state, decided_at)
    select e.facility_id, e.season_id, '2027-03-01', 12, case when e.facility_id % 4 = 0 then 'submitted' else 'declined' end, now()
      from season_enrolments e where e.facility_id % 5 = 0`);
  // 2,000 hospitation dates over the seasons (past and coming), capacity 10, 12 bookings each (2 waitlisted on full ones)
  await run(`insert into offerings (kind, season_id, host_facility_id, title, starts_at, ends_at, capacity, state)
    select 'hospitation', (select min(id) from seasons) + i % 10, (select min(id) from facilities) + i % ${FACILITIES}, 'Hospitation ' || i,
           now() + ((i % 400) - 200 || ' days')::interval, now() + ((i % 400) - 200 || ' days')::interval + interval '3 hours', 10,
           case when i % 10 = 0 then 'draft' else 'published' end
      from generate_series(1, 2000) as i`);
  await run(`insert into offering_enrolments (offering_id, facility_id, person_id, state)
    select o.id, p.facility_id, p.id, case when k > 10 and o.id % 3 = 0 then 'waitlisted' when k > 10 then 'cancelled' when o.id % 3 = 1 and k > 6 then 'cancelled' else 'confirmed' end
      from offerings o cross join generate_series(1, 12) as k
      join persons p on p.id = (select min(id) from persons) + ((o.id * 13 + k) % 30000)`);
  await run(`insert into mail_outbox (recipient, template, status, created_at)
    select 'm' || i || '@bench.example', 'bench', case when i % 500 = 0 then 'failed' else 'sent' end, now() - (i % 2000 || ' minutes')::interval
      from generate_series(1, 50000) as i`);
  await run(`update seasons set documentation_deadline = current_date + 10, jury_date = current_date + 25 where is_current`);
  // the visibility map and statistics autovacuum keeps on a live database (index-only scans on the bookings)
  await run('vacuum analyze');
}
