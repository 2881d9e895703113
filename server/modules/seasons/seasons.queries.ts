import { and, eq, getTableName, inArray, isNotNull, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { Season } from '../../../src/shared/contracts/season';
import type { DbOrTx } from '../../db/client';
import type { Bound } from '../../db/compiled-sql';
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

/** the current season and whether the KiTa is enrolled to it (live), as a booking needs them */
export type CurrentSeasonBrief = { id: number; label: string; enrolled: boolean; approvedForAwardAt: string | null };

/**
 * `currentWithLiveEnrolment` as a column of another module's select (null: no current season): one round trip less
 * on the booking's hot path (issue 23); `booking-decide.test.ts` pins it to `currentWithLiveEnrolment`.
 */
export function currentSeasonColumn(facilityId: Bound<number>) {
  // qualified by hand: in a select of one table drizzle writes a selected column without its table, and two have `id`
  const q = (c: Column) => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;
  return sql<CurrentSeasonBrief | null>`(select json_build_object('id', ${q(seasons.id)}, 'label', ${q(seasons.label)}, 'enrolled', ${q(seasonEnrolments.id)} is not null,
    'approvedForAwardAt', ${q(seasonEnrolments.approvedForAwardAt)})
    from ${seasons} left join ${seasonEnrolments} on ${and(eq(seasonEnrolments.seasonId, seasons.id), eq(seasonEnrolments.facilityId, facilityId), isNull(seasonEnrolments.withdrawnAt))}
    where ${eq(seasons.isCurrent, true)} limit 1)`;
}

export function seasonQueries({ db }: { db: DbOrTx }) {
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
