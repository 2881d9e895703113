import { sql, type SQL } from 'drizzle-orm';
import type { FacilitySummary } from '../../../src/shared/contracts/auth';
import { facilities, facilityMembers } from './facilities.table';

/**
 * The session's KiTas (seed §3: `{id, label, is_enrolled_to_cur_season}`, ordered by name) as one scalar subquery
 * correlated on `userId`: part of the one session query every request makes (users/user-view.ts). `enrolled` is the
 * seasons module's "this KiTa is enrolled to the current season", correlated on the KiTa's id.
 */
export const userFacilitiesColumn = (userId: SQL, enrolled: (facilityId: SQL) => SQL<boolean>) =>
  sql<FacilitySummary[]>`(
    select coalesce(json_agg(json_build_object(
      'id', ${facilities.id},
      'label', ${facilities.label},
      'is_enrolled_to_cur_season', ${enrolled(sql`${facilities.id}`)}
    ) order by ${facilities.label}, ${facilities.id}), '[]'::json)
    from ${facilityMembers} join ${facilities} on ${facilities.id} = ${facilityMembers.facilityId}
    where ${facilityMembers.userId} = ${userId}
  )`;
