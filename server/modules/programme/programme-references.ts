import { sql } from 'drizzle-orm';
import type { References } from '../../lib/references';
import { awardingEvents, offeringEnrolments, offerings, trainingModules } from './programme.table';

/** a KiTa with bookings or hosting a date; a season with modules, awarding events or dates */
export const programmeReferences: References = {
  facility: (id) =>
    sql`(exists (select 1 from ${offeringEnrolments} x where x.facility_id = ${id})
      or exists (select 1 from ${offerings} x where x.host_facility_id = ${id}))`,
  season: (id) =>
    sql`(exists (select 1 from ${trainingModules} x where x.season_id = ${id})
      or exists (select 1 from ${awardingEvents} x where x.season_id = ${id})
      or exists (select 1 from ${offerings} x where x.season_id = ${id}))`,
};
