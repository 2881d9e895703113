import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { seasonEnrolments } from '../seasons/seasons.table';
import { facilities, facilityMembers } from './facilities.table';

export function facilitiesRepository({ db }: { db: DbOrTx }) {
  return {
    /** the user's KiTas, each with whether it holds a live enrolment to the given season */
    async summariesForUser(userId: number, currentSeasonId: number | null) {
      const rows = await db
        .select({ id: facilities.id, label: facilities.label, enrolmentId: seasonEnrolments.id })
        .from(facilityMembers)
        .innerJoin(facilities, eq(facilities.id, facilityMembers.facilityId))
        .leftJoin(
          seasonEnrolments,
          and(
            eq(seasonEnrolments.facilityId, facilities.id),
            eq(seasonEnrolments.seasonId, currentSeasonId ?? -1),
            isNull(seasonEnrolments.withdrawnAt),
          ),
        )
        .where(eq(facilityMembers.userId, userId))
        .orderBy(asc(facilities.label));
      return rows.map((r) => ({ id: r.id, label: r.label, is_enrolled_to_cur_season: r.enrolmentId !== null }));
    },
  };
}
