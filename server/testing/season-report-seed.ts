import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

const regions = `array['Oberbayern','Niederbayern','Oberpfalz','Oberfranken','Mittelfranken','Unterfranken','Schwaben']`;
const operatorKinds = `array['kommunal','kirchlich','frei gemeinnützig','privat','sonstige']`;

/**
 * What the season report counts (issue 22), in bulk SQL on top of a world of KiTas, persons, seasons and live
 * enrolments (scripts/bench/facilities-seed.ts): operator kinds, children and staff numbers (some missing), merged
 * KiTas, documentation forms in every state, "zur Auszeichnung zugelassen", training modules, trainings and
 * hospitations (past and coming, drafts, cancelled, dates without a region) with bookings in every state, awarding
 * events with workshops, team-workshop applications (some withdrawn). The `imported` seasons lose their portal data
 * and get records of a committed legacy import instead (and of an undone one, which must not count); the `empty`
 * seasons keep nothing. Deterministic (ids modulo small numbers), so a test can recount it; seconds for 5,000 KiTas.
 */
export async function seedSeasonReportData(db: DbOrTx, opts: { imported: string[]; empty: string[] }) {
  const run = (q: string) => db.execute(sql.raw(q));
  const list = (xs: string[]) => (xs.length > 0 ? xs.map((x) => `'${x.replace(/'/g, '')}'`).join(', ') : `''`);
  const admin = `(select min(id) from users where is_admin)`;

  // the KiTas: operator kinds, some without a staff number, every 97th merged into its neighbour
  await run(
    `update facilities set operator_kind = (${operatorKinds})[1 + id % 5], staff_count = case when id % 11 = 0 then null else staff_count end`,
  );
  await run(
    `update facilities f set merged_into_id = f.id - 1, merged_at = now() where f.id % 97 = 0 and exists (select 1 from facilities g where g.id = f.id - 1)`,
  );

  // every eighth KiTa takes part for the first time in the current season
  await run(`delete from season_enrolments e using seasons s where s.id = e.season_id and not s.is_current and e.facility_id % 8 = 1`);
  // seasons before the portal: their enrolments go, a committed import (and an undone one) records them instead
  await run(
    `delete from season_enrolments where season_id in (select id from seasons where identifier in (${list([...opts.imported, ...opts.empty])}))`,
  );
  await run(`insert into legacy_imports (file_name, file_sha256, headers, mapping, state, created_by, committed_at)
    values ('alt.csv', 'a', '[]', '[]', 'committed', ${admin}, now()), ('verworfen.csv', 'b', '[]', '[]', 'undone', ${admin}, now())`);
  await run(`insert into legacy_records (import_id, facility_id, season_id, kind)
    select (select min(id) from legacy_imports where state = 'committed'), f.id, s.id, k.kind
      from facilities f cross join seasons s cross join (values ('enrolment'), ('award')) as k(kind)
      where s.identifier in (${list(opts.imported)}) and (f.id * 7 + s.id * 3) % 5 < 2 and f.id % 8 <> 1 and (k.kind = 'enrolment' or f.id % 3 = 0)`);
  await run(`insert into legacy_records (import_id, facility_id, season_id, kind)
    select (select min(id) from legacy_imports where state = 'undone'), f.id, s.id, 'enrolment'
      from facilities f cross join seasons s where s.identifier in (${list(opts.imported)}) and (f.id * 7 + s.id * 3) % 5 >= 2 and f.id % 5 = 4`);

  // the enrolments' numbers: children (some not given)
  await run(
    `update season_enrolments set children_taking_part = case when (facility_id + season_id) % 13 = 0 then null else 10 + facility_id % 60 end`,
  );

  // documentation forms of the live enrolments in every state (a fifth not started); approved ones zugelassen, and a
  // few KiTas zugelassen by an admin without an approved form
  await run(`insert into documentation_forms (facility_id, season_id, state, submitted_at, decided_at)
    select e.facility_id, e.season_id, st.state, case when st.state <> 'draft' then now() end, case when st.state in ('approved', 'rejected') then now() end
      from season_enrolments e
      cross join lateral (select (array['draft','submitted','returned','approved','approved','approved','rejected','submitted'])[1 + (e.facility_id + e.season_id) % 10 - 2] as state) st
      where e.withdrawn_at is null and (e.facility_id + e.season_id) % 10 >= 2`);
  await run(`update season_enrolments e set approved_for_award_at = now(), approved_for_award_by = ${admin}
    where e.withdrawn_at is null and (e.facility_id % 17 = 0
      or exists (select 1 from documentation_forms d where d.facility_id = e.facility_id and d.season_id = e.season_id and d.state = 'approved'))`);

  // the programme of every season the portal ran: four modules, dates per module and hospitations scaled to the KiTas
  const portal = `(select distinct season_id from season_enrolments)`;
  const perModule = `greatest(3, (select count(*) from facilities) / 25)::int`;
  const startOf = (i: string) =>
    `case when s.is_current then now() + ((${i} * 5 % 80) - 40 || ' days')::interval else coalesce(s.start_date, date '2020-09-01') + (${i} % 300)::int end`;
  const state = (i: string) => `case when ${i} % 10 = 3 then 'cancelled' when ${i} % 10 = 7 then 'draft' else 'published' end`;
  await run(`insert into training_modules (season_id, title)
    select s.id, 'Modul ' || m from seasons s cross join generate_series(1, 4) m where s.id in ${portal}`);
  await run(`insert into offerings (kind, season_id, module_id, title, starts_at, ends_at, region, capacity, state)
    select 'training', s.id, m.id, m.title || ' Termin ' || i, ${startOf('i')}, ${startOf('i')} + interval '3 hours',
           case when i % 9 = 0 then null else (${regions})[1 + (i + m.id) % 7] end, 8 + i % 10, ${state('i')}
      from training_modules m join seasons s on s.id = m.season_id cross join generate_series(1, ${perModule}) i`);
  await run(`insert into offerings (kind, season_id, host_facility_id, title, starts_at, ends_at, region, capacity, state)
    select 'hospitation', s.id, f.id, 'Hospitation bei ' || f.label, ${startOf('f.id')}, ${startOf('f.id')} + interval '4 hours', f.region, 3 + f.id % 4, ${state('f.id')}
      from seasons s join facilities f on f.id % 20 = s.id % 20 where s.id in ${portal} and f.merged_into_id is null`);
  await run(`insert into awarding_events (season_id, title, starts_at, ends_at, region, state)
    select s.id, 'Auszeichnung ' || e.name || ' ' || s.identifier, ${startOf('e.n * 7')}, ${startOf('e.n * 7')} + interval '6 hours', e.name, e.state
      from seasons s cross join (values (1, 'Oberbayern', 'published'), (2, 'Mittelfranken', 'published'), (3, 'Schwaben', 'draft'), (4, 'Oberpfalz', 'cancelled')) as e(n, name, state)
      where s.id in ${portal}`);
  await run(`insert into offerings (kind, season_id, awarding_event_id, title, starts_at, ends_at, region, capacity, state)
    select 'awarding', a.season_id, a.id, 'Workshop ' || w, a.starts_at, a.ends_at, a.region, 15 + w,
           case when a.state <> 'published' then 'cancelled' when w = 3 then 'cancelled' else 'published' end
      from awarding_events a cross join generate_series(1, 3) w where a.state <> 'draft'`);

  // bookings: a few more people than seats (the rest wait), every ninth cancelled, most of a past date's attended
  await run(`insert into offering_enrolments (offering_id, facility_id, person_id, state)
    select o.id, p.facility_id, p.id,
           case when o.state = 'cancelled' or k % 9 = 0 then 'cancelled' when k > o.capacity then 'waitlisted'
                when o.ends_at < now() and k % 4 <> 0 then 'attended' else 'confirmed' end
      from offerings o cross join generate_series(1, o.capacity + 3) k
      join persons p on p.id = (select min(id) from persons) + (o.id * 31 + k * 7) % (select count(*) from persons)
      where o.state <> 'draft'`);

  // team-workshop applications of every sixth enrolled KiTa, in each state; every fifth withdrawn
  await run(`insert into team_workshop_applications (facility_id, season_id, preferred_date_1, participant_count, state, scheduled_at, decided_at, withdrawn_at)
    select e.facility_id, e.season_id, date '2027-03-01', 5 + e.facility_id % 20, st.state,
           case when st.state = 'scheduled' then now() end, case when st.state <> 'submitted' then now() end,
           case when e.facility_id % 5 = 0 then now() end
      from season_enrolments e
      cross join lateral (select (array['submitted','accepted','declined','scheduled'])[1 + e.facility_id % 4] as state) st
      where e.withdrawn_at is null and e.facility_id % 6 = 0`);
  await run('analyze');
}
