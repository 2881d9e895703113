import { sql } from 'drizzle-orm';
import type { References } from '../../lib/references';
import { documentationForms, documentationTemplates } from './documentation.table';

/** a KiTa with a documentation form; a season with forms or its own template */
export const documentationReferences: References = {
  facility: (id) => sql`exists (select 1 from ${documentationForms} x where x.facility_id = ${id})`,
  season: (id) =>
    sql`(exists (select 1 from ${documentationTemplates} x where x.season_id = ${id})
      or exists (select 1 from ${documentationForms} x where x.season_id = ${id}))`,
};
