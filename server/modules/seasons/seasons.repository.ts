import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Season } from '../../../src/shared/contracts/season';
import type { DbOrTx } from '../../db/client';
import { seasonEnrolments, seasons, type SeasonEnrolmentRow, type SeasonRow } from './seasons.table';

export function toSeasonDto(row: SeasonRow): Season {
  return {
    id: row.id,
    identifier: row.identifier,
    label: row.label,
    startDate: row.startDate,
    endDate: row.endDate,
    enrolment_state: row.enrolmentState,
    enrolmentDeadline: row.enrolmentDeadline,
    allow_documentation: row.allowDocumentation,
    documentationDeadline: row.documentationDeadline,
    isCurrent: row.isCurrent,
  };
}

export function seasonsRepository({ db }: { db: DbOrTx }) {
  return {
    async current(): Promise<SeasonRow | null> {
      const rows = await db.select().from(seasons).where(eq(seasons.isCurrent, true)).limit(1);
      return rows[0] ?? null;
    },
    async byId(seasonId: number): Promise<SeasonRow | null> {
      const rows = await db.select().from(seasons).where(eq(seasons.id, seasonId)).limit(1);
      return rows[0] ?? null;
    },
    /** by the identifier in addresses (`2026-27`); the documentation's admin paths name seasons so */
    async byIdentifier(identifier: string): Promise<SeasonRow | null> {
      const rows = await db.select().from(seasons).where(eq(seasons.identifier, identifier)).limit(1);
      return rows[0] ?? null;
    },
    /**
     * The current season and the KiTa's live enrolment to it, in one query (the booking's hot path).
     * `facilityActive`: the facilities module's check, selected along (`facilityIsActive`); true when not asked.
     */
    async currentWithLiveEnrolment(
      facilityId: number,
      facilityActive: SQL<boolean> = sql<boolean>`true`,
    ): Promise<{ season: SeasonRow; enrolment: SeasonEnrolmentRow | null; facilityActive: boolean } | null> {
      const rows = await db
        .select({ season: seasons, enrolment: seasonEnrolments, facilityActive })
        .from(seasons)
        .leftJoin(
          seasonEnrolments,
          and(eq(seasonEnrolments.seasonId, seasons.id), eq(seasonEnrolments.facilityId, facilityId), isNull(seasonEnrolments.withdrawnAt)),
        )
        .where(eq(seasons.isCurrent, true))
        .limit(1);
      const row = rows[0];
      return row ? { season: row.season, enrolment: row.enrolment, facilityActive: row.facilityActive } : null;
    },
    /** the KiTa's live (not withdrawn) enrolment to a season, with "zur Auszeichnung zugelassen" (the programme reads it) */
    async liveEnrolment(facilityId: number, seasonId: number): Promise<SeasonEnrolmentRow | null> {
      const rows = await db
        .select()
        .from(seasonEnrolments)
        .where(and(eq(seasonEnrolments.facilityId, facilityId), eq(seasonEnrolments.seasonId, seasonId), isNull(seasonEnrolments.withdrawnAt)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** of these KiTas, the ones enrolled (live) to the season; `approved`: and zur Auszeichnung zugelassen */
    async enrolledFacilityIds(seasonId: number, facilityIds: number[], opts: { approved?: boolean } = {}): Promise<Set<number>> {
      if (facilityIds.length === 0) return new Set();
      const rows = await db
        .select({ id: seasonEnrolments.facilityId })
        .from(seasonEnrolments)
        .where(
          and(
            eq(seasonEnrolments.seasonId, seasonId),
            inArray(seasonEnrolments.facilityId, facilityIds),
            isNull(seasonEnrolments.withdrawnAt),
            opts.approved ? isNotNull(seasonEnrolments.approvedForAwardAt) : undefined,
          ),
        );
      return new Set(rows.map((r) => r.id));
    },
  };
}
