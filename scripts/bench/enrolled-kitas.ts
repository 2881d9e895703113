import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../server/db/client';

/**
 * The world of the documentation benches: the current season 2026-27 with documentation open, `count` KiTas
 * "<label> i" enrolled to it, each with one activated member (consents decided) `member<id>@<domain>`. Answers the
 * members by KiTa.
 */
export async function seedEnrolledKitas(db: Db, count: number, label: string, domain: string) {
  await db.execute(
    sql`insert into seasons (identifier, label, enrolment_state, is_current, allow_documentation) values ('2026-27', 'KiTa-Jahr 2026/27', 'open', true, true)`,
  );
  await db.execute(
    sql`insert into facilities (label, kind, postal_code, city, region)
      select ${label} || ' ' || i, 'Kindergarten', '90402', 'Nürnberg', 'Mittelfranken' from generate_series(1, ${count}::int) i`,
  );
  await db.execute(
    sql.raw(`insert into season_enrolments (facility_id, season_id, accepted_terms_at) select f.id, s.id, now() from facilities f, seasons s`),
  );
  await db.execute(
    sql`insert into users (email, password_hash, first_name, last_name, activated_at, privacy_policy_version, privacy_policy_accepted_at, newsletter, newsletter_decided_at)
      select 'member' || f.id || '@' || ${domain}, 'x', 'Mitglied', 'Nr' || f.id, now(), (select version from privacy_policy_versions order by published_at desc limit 1), now(), false, now() from facilities f`,
  );
  await db.execute(
    sql`insert into facility_members (facility_id, user_id) select f.id, u.id from facilities f join users u on u.email = 'member' || f.id || '@' || ${domain}`,
  );
  return queryRows<{ user_id: number; facility_id: number }>(db, 'select user_id, facility_id from facility_members order by facility_id');
}
