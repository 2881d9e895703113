import { sql, type SQL } from 'drizzle-orm';
import type { Season } from '../../../src/shared/contracts/season';
import { userFacilitiesColumn } from '../facilities/session-facilities';
import { privacyPolicyVersionColumn, type UserContextColumns } from '../users/user-view';
import { seasonEnrolments, seasons } from './seasons.table';

const currentSeasonId = sql`(select ${seasons.id} from ${seasons} where ${seasons.isCurrent})`;

/** the KiTa (a correlated id) has a live enrolment to the current season */
const enrolledToCurrentSeason = (facilityId: SQL) =>
  sql<boolean>`exists (
    select 1 from ${seasonEnrolments}
    where ${seasonEnrolments.facilityId} = ${facilityId} and ${seasonEnrolments.seasonId} = ${currentSeasonId}
      and ${seasonEnrolments.withdrawnAt} is null
  )`;

/** the current season in the contract's shape (seasons' partial unique index on is_current: one probe) */
const currentSeasonColumn = sql<Season | null>`(
  select json_build_object(
    'id', ${seasons.id}, 'identifier', ${seasons.identifier}, 'label', ${seasons.label},
    'startDate', ${seasons.startDate}, 'endDate', ${seasons.endDate},
    'enrolment_state', ${seasons.enrolmentState}, 'enrolmentDeadline', ${seasons.enrolmentDeadline},
    'allow_documentation', ${seasons.allowDocumentation}, 'documentationDeadline', ${seasons.documentationDeadline},
    'isCurrent', ${seasons.isCurrent}
  ) from ${seasons} where ${seasons.isCurrent}
)`;

/**
 * The session's context (users/user-view.ts `UserContextColumns`), each part from the module that owns its tables:
 * the user's KiTas (facilities) with "enrolled to the current season" and the current season (seasons), the privacy
 * policy version (users). The session plugin's lookup and the login answer select it in their one query.
 */
export const sessionContextColumns: UserContextColumns = (userId, now) => ({
  facilities: userFacilitiesColumn(userId, enrolledToCurrentSeason),
  curSeason: currentSeasonColumn,
  privacyPolicyVersion: privacyPolicyVersionColumn(now),
});
