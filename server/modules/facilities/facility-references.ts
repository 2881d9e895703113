import { sql } from 'drizzle-orm';
import type { References } from '../../lib/references';
import { facilities, facilityMembers } from './facilities.table';
import { facilityJoinRequests } from './join-requests.table';

/** a KiTa edited since it was created, merged (either way), with members or join requests */
export const facilityReferences: References = {
  facility: (id) =>
    sql`(exists (select 1 from ${facilities} f where f.id = ${id} and (f.version > 1 or f.merged_into_id is not null))
      or exists (select 1 from ${facilities} m where m.merged_into_id = ${id})
      or exists (select 1 from ${facilityMembers} x where x.facility_id = ${id})
      or exists (select 1 from ${facilityJoinRequests} x where x.facility_id = ${id}))`,
};
