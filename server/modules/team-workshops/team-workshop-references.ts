import { sql } from 'drizzle-orm';
import type { References } from '../../lib/references';
import { teamWorkshopApplications } from './team-workshops.table';

/** a KiTa or season with team-workshop applications */
export const teamWorkshopReferences: References = {
  facility: (id) => sql`exists (select 1 from ${teamWorkshopApplications} x where x.facility_id = ${id})`,
  season: (id) => sql`exists (select 1 from ${teamWorkshopApplications} x where x.season_id = ${id})`,
};
