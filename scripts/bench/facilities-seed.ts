import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { benchAdminCookie } from './kit';

const regions = `array['Oberbayern','Niederbayern','Oberpfalz','Oberfranken','Mittelfranken','Unterfranken','Schwaben']`;
const kinds = `array['Krippe','Kindergarten','Hort','Großtagespflege','Haus für Kinder']`;
const cities = `array['München','Nürnberg','Augsburg','Regensburg','Würzburg','Passau','Bamberg','Bayreuth','Landshut','Erlangen','Fürth','Ingolstadt']`;

/** 5,000 KiTas, 30,000 persons, 10 seasons with ~40 % enrolled each (bulk SQL, seconds), and an admin session. */
export async function seed(db: Db, n: { facilities: number; persons: number; seasons: number }) {
  const FACILITIES = n.facilities;
  const PERSONS = n.persons;
  const SEASONS = n.seasons;
  const t0 = performance.now();
  await db.execute(
    sql.raw(`insert into facilities (label, kind, street, postal_code, city, region, operator_name, operator_kind, phone, email, website, children_count, staff_count, created_at, updated_at)
      select 'Kita ' || (array['Sonnenschein','Regenbogen','Löwenzahn','Pusteblume','Zwergerl','Arche','Wichtel','Spatzennest'])[1 + i % 8] || ' ' || i,
             (${kinds})[1 + i % 5], 'Hauptstraße ' || (i % 200 + 1), lpad((80000 + i * 3 % 19999)::text, 5, '0'),
             (${cities})[1 + i % 12], (${regions})[1 + i % 7], 'Träger ' || (i % 300), 'kommunal', '0911 ' || (100000 + i),
             'kita' || i || '@bench.example', '', 20 + i % 100, 3 + i % 20,
             now() - (i || ' hours')::interval, now() - (i || ' minutes')::interval
        from generate_series(1, ${FACILITIES}) as i`),
  );
  await db.execute(
    sql.raw(`insert into persons (facility_id, first_name, last_name, email, position)
      select f.id, (array['Anna','Ben','Clara','Deniz','Emil','Fatma','Greta','Hannes'])[1 + i % 8], 'Person' || i, 'p' || i || '@bench.example',
             (array['Leitung','stellv. Leitung','pädagogische Fachkraft','Ergänzungskraft','Sonstige'])[1 + i % 5]
        from generate_series(1, ${PERSONS}) as i join facilities f on f.id = (select min(id) from facilities) + (i % ${FACILITIES})`),
  );
  await db.execute(
    sql.raw(`insert into seasons (identifier, label, enrolment_state, is_current, start_date, end_date)
      select (2016 + s) || '-' || lpad(((17 + s) % 100)::text, 2, '0'), 'KiTa-Jahr ' || (2016 + s), case when s = ${SEASONS} then 'open' else 'closed' end,
             s = ${SEASONS}, make_date(2016 + s, 9, 1), make_date(2017 + s, 8, 31)
        from generate_series(1, ${SEASONS}) as s`),
  );
  // about 40 % of the KiTas enrol each season, a few withdraw
  await db.execute(
    sql.raw(`insert into season_enrolments (facility_id, season_id, project_topics, project_title, groups_taking_part, children_taking_part, accepted_terms_at, withdrawn_at)
      select f.id, s.id, array['Ernährung','Wasser'], 'Projekt ' || f.id, 'alle', 20, now(), case when (f.id + s.id) % 23 = 0 then now() end
        from facilities f cross join seasons s where (f.id * 7 + s.id * 3) % 5 < 2`),
  );
  // fresh statistics, as autovacuum would have them on a live database
  await db.execute(sql.raw('analyze'));
  return { cookie: await benchAdminCookie(db), seedMs: Math.round(performance.now() - t0) };
}
