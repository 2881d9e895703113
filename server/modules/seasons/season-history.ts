import { type SQL, sql } from 'drizzle-orm';
import { seasonEnrolments, seasons } from './seasons.table';

/** a season as the read models name it (the e-mail lists' criteria, the season report) */
export type SeasonRef = { id: number; identifier: string; label: string };

/** the ids of the seasons before `season` (identifiers sort by year: `2025-26` < `2026-27`), as a subquery */
export const seasonIdsBefore = (season: Pick<SeasonRef, 'identifier'>): SQL =>
  sql`(select s.id from ${seasons} s where s.identifier < ${season.identifier})`;

/**
 * The seasons' part of a KiTa's history before `season` (columns facility_id, took_part, awarded): its live enrolments
 * in earlier seasons, taken part, awarded when "zur Auszeichnung zugelassen". legacy-imports' historyBefore joins it
 * with the documentation's and the imports' parts.
 */
export const enrolmentHistoryBefore = (season: Pick<SeasonRef, 'identifier'>): SQL =>
  sql`select se.facility_id, true as took_part, se.approved_for_award_at is not null as awarded
      from ${seasonEnrolments} se
      where se.withdrawn_at is null and se.season_id in ${seasonIdsBefore(season)}`;
