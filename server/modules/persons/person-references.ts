import { sql } from 'drizzle-orm';
import type { References } from '../../lib/references';
import { persons } from './persons.table';

/** a KiTa with staff entries */
export const personReferences: References = {
  facility: (id) => sql`exists (select 1 from ${persons} x where x.facility_id = ${id})`,
};
