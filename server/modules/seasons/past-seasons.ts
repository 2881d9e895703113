import { and, inArray, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { audit, type Ctx } from '../audit/audit';
import { seasons } from './seasons.table';

/**
 * Seasons of the years before the portal, as the legacy import (issue 24) needs them: looked up by identifier, and an
 * unknown past season created closed (no enrolment, no documentation) and removed again on undo.
 */
export type SeasonBrief = { id: number; identifier: string; label: string; isCurrent: boolean };

export async function seasonsByIdentifiers(db: DbOrTx, identifiers: string[]): Promise<SeasonBrief[]> {
  if (identifiers.length === 0) return [];
  return db
    .select({ id: seasons.id, identifier: seasons.identifier, label: seasons.label, isCurrent: seasons.isCurrent })
    .from(seasons)
    .where(inArray(seasons.identifier, identifiers));
}

/** the start year of the current season (2026 for 2026-27); null when there is none */
export async function currentSeasonStartYear(db: DbOrTx): Promise<number | null> {
  const rows = await db.select({ identifier: seasons.identifier, isCurrent: seasons.isCurrent }).from(seasons);
  const current = rows.find((r) => r.isCurrent) ?? null;
  const year = current ? Number(current.identifier.slice(0, 4)) : NaN;
  return Number.isFinite(year) ? year : null;
}

export async function createClosedPastSeasons(
  tx: DbOrTx,
  list: { identifier: string; label: string; startYear: number }[],
  ctx: Ctx,
): Promise<SeasonBrief[]> {
  if (list.length === 0) return [];
  const rows = await tx
    .insert(seasons)
    .values(
      list.map((s) => ({
        identifier: s.identifier,
        label: s.label,
        startDate: `${s.startYear}-09-01`,
        endDate: `${s.startYear + 1}-08-31`,
        enrolmentState: 'closed' as const,
        allowDocumentation: false,
        updatedBy: ctx.actorUserId,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: seasons.id, identifier: seasons.identifier, label: seasons.label, isCurrent: seasons.isCurrent });
  for (const row of rows) await audit(tx, { ...ctx, action: 'season.create_by_import', entityType: 'season', entityId: row.id, after: row });
  return rows;
}

export async function deletePastSeasons(tx: DbOrTx, ids: number[], ctx: Ctx): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx.delete(seasons).where(inArray(seasons.id, ids)).returning({ id: seasons.id, identifier: seasons.identifier });
  for (const row of rows) await audit(tx, { ...ctx, action: 'season.delete_by_import_undo', entityType: 'season', entityId: row.id, before: row });
}

export async function seasonsByIds(db: DbOrTx, ids: number[]): Promise<(SeasonBrief & { startDate: string | null })[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: seasons.id, identifier: seasons.identifier, label: seasons.label, isCurrent: seasons.isCurrent, startDate: seasons.startDate })
    .from(seasons)
    .where(inArray(seasons.id, ids));
}

/** the seasons whose end date lies before `date` (YYYY-MM-DD): the retention of their documentation files (issue 38) */
export async function seasonIdsEndedBefore(db: DbOrTx, date: string): Promise<number[]> {
  const rows = await db
    .select({ id: seasons.id })
    .from(seasons)
    .where(and(isNotNull(seasons.endDate), lt(seasons.endDate, date)));
  return rows.map((r) => r.id);
}
