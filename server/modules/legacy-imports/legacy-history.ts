import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { LegacyHistory } from '../../../src/shared/contracts/legacy-imports';
import type { DbOrTx } from '../../db/client';
import { approvedFormsBefore } from '../documentation/documentation-history';
import { seasonsByIds } from '../seasons/past-seasons';
import { enrolmentHistoryBefore, seasonIdsBefore, type SeasonRef } from '../seasons/season-history';
import { legacyImports, legacyRecords } from './legacy-imports.table';

/**
 * What the years before the portal say about KiTas, for the rest of the portal (issue 24): the history on the admin
 * KiTa detail, and "awarded in an earlier season" for the e-mail lists and the funders' report.
 */

/**
 * A KiTa's history before the season, one row per source (columns facility_id, took_part, awarded): its live
 * enrolments in earlier seasons (the seasons' part), its approved documentation forms of earlier seasons (the
 * documentation's part) and what committed legacy imports recorded for earlier seasons (taken part, awarded when an
 * award was recorded; an import undone no longer counts). Each part is written by the module that owns its table; this
 * is the one definition of "awarded in an earlier season" (the e-mail lists' criterion) and of "taken part before" (the
 * season report's "wieder dabei"): a set, so the report reads it once for all its KiTas (one pass over each table)
 * instead of looking up each KiTa five times.
 */
export function historyBefore(season: Pick<SeasonRef, 'identifier'>): SQL {
  return sql`(
    ${enrolmentHistoryBefore(season)}
    union all
    ${approvedFormsBefore(season)}
    union all
    select lr.facility_id, true, lr.kind = 'award'
      from ${legacyRecords} lr join ${legacyImports} li on li.id = lr.import_id
      where li.state = 'committed' and lr.season_id in ${seasonIdsBefore(season)})`;
}

/**
 * The KiTas (of `facilityIds`, or all when omitted) awarded in a season recorded by a committed legacy import, each
 * with the identifiers of those seasons (`2021-22`), oldest first. Only imported history: the portal's own awards
 * live with the documentation.
 */
export async function awardedBeforeFromImports(db: DbOrTx, facilityIds?: number[]): Promise<Map<number, string[]>> {
  if (facilityIds && facilityIds.length === 0) return new Map();
  const rows = await db
    .select({ facilityId: legacyRecords.facilityId, seasonId: legacyRecords.seasonId })
    .from(legacyRecords)
    .innerJoin(legacyImports, eq(legacyImports.id, legacyRecords.importId))
    .where(
      and(
        eq(legacyRecords.kind, 'award'),
        eq(legacyImports.state, 'committed'),
        facilityIds ? inArray(legacyRecords.facilityId, facilityIds) : undefined,
      ),
    );
  const seasons = new Map((await seasonsByIds(db, [...new Set(rows.map((r) => r.seasonId))])).map((s) => [s.id, s.identifier]));
  const result = new Map<number, string[]>();
  for (const r of rows) result.set(r.facilityId, [...(result.get(r.facilityId) ?? []), seasons.get(r.seasonId)!].sort());
  return result;
}

/** a KiTa's imported history, one line per season: enrolled, awarded, from which import */
export async function legacyHistoryOfFacility(db: DbOrTx, facilityId: number): Promise<LegacyHistory> {
  const rows = await db
    .select({ seasonId: legacyRecords.seasonId, kind: legacyRecords.kind, importId: legacyRecords.importId, at: legacyImports.committedAt })
    .from(legacyRecords)
    .innerJoin(legacyImports, eq(legacyImports.id, legacyRecords.importId))
    .where(and(eq(legacyRecords.facilityId, facilityId), eq(legacyImports.state, 'committed')));
  const seasons = new Map((await seasonsByIds(db, [...new Set(rows.map((r) => r.seasonId))])).map((s) => [s.id, s]));
  const bySeason = new Map<number, LegacyHistory['items'][number]>();
  for (const r of rows) {
    const s = seasons.get(r.seasonId)!;
    const item = bySeason.get(r.seasonId) ?? {
      seasonIdentifier: s.identifier,
      seasonLabel: s.label,
      enrolled: false,
      awarded: false,
      importId: r.importId,
      importedAt: (r.at ?? new Date()).toISOString(),
    };
    if (r.kind === 'enrolment') item.enrolled = true;
    else item.awarded = true;
    bySeason.set(r.seasonId, item);
  }
  return { items: [...bySeason.values()].sort((a, b) => a.seasonIdentifier.localeCompare(b.seasonIdentifier)) };
}
