import { sql } from 'drizzle-orm';
import type { References } from '../../lib/references';
import { seasonEnrolments, seasons } from './seasons.table';

/** a KiTa with enrolments; a season edited since it was created, current, or with enrolments */
export const seasonReferences: References = {
  facility: (id) => sql`exists (select 1 from ${seasonEnrolments} x where x.facility_id = ${id})`,
  season: (id) =>
    sql`(exists (select 1 from ${seasons} s where s.id = ${id} and (s.version > 1 or s.is_current))
      or exists (select 1 from ${seasonEnrolments} x where x.season_id = ${id}))`,
};
