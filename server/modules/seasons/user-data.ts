import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { seasonEnrolments } from './seasons.table';

/**
 * What the seasons module holds for one account: the season enrolments it made, for the account's data export
 * (DSGVO Art. 15); its deletion keeps the enrolments with their KiTa and drops the link (Art. 17).
 */
export async function seasonEnrolmentsCreatedBy(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      id: seasonEnrolments.id,
      facilityId: seasonEnrolments.facilityId,
      seasonId: seasonEnrolments.seasonId,
      createdAt: seasonEnrolments.createdAt,
      withdrawnAt: seasonEnrolments.withdrawnAt,
    })
    .from(seasonEnrolments)
    .where(eq(seasonEnrolments.createdBy, userId));
  return rows.map((e) => ({
    type: 'season-enrolment' as const,
    ...e,
    createdAt: e.createdAt.toISOString(),
    withdrawnAt: e.withdrawnAt?.toISOString() ?? null,
  }));
}

export async function forgetUserInSeasonEnrolments(tx: DbOrTx, userId: number) {
  await tx.update(seasonEnrolments).set({ createdBy: null }).where(eq(seasonEnrolments.createdBy, userId));
}
