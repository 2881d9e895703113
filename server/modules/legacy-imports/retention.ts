import { and, count, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { legacyImportRows, legacyImports } from './legacy-imports.table';

/**
 * Retention rule `legacy-import-files` (issue 38, SPEC §9): the portal keeps no uploaded file as such, only its cells per
 * row (`legacy_import_rows`, which a changed mapping reads again). Once an import was committed or undone longer than the
 * period ago, those rows go; the import's record (file name, counts) and the history it wrote (`legacy_records`) stay.
 */
const due = (before: Date) =>
  and(
    inArray(legacyImports.state, ['committed', 'undone']),
    lt(sql`coalesce(${legacyImports.undoneAt}, ${legacyImports.committedAt})`, before),
    sql`exists (select 1 from ${legacyImportRows} where ${legacyImportRows.importId} = ${legacyImports.id})`,
  );

export async function legacyImportFilesDue(db: DbOrTx, before: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(legacyImports).where(due(before));
  return row?.n ?? 0;
}

/** one batch of imports, taken with SKIP LOCKED; answers how many imports' files were removed */
export async function removeLegacyImportFiles(tx: Tx, before: Date, batch: number): Promise<number> {
  const ids = await tx.select({ id: legacyImports.id }).from(legacyImports).where(due(before)).limit(batch).for('update', { skipLocked: true });
  if (ids.length === 0) return 0;
  await tx.delete(legacyImportRows).where(
    inArray(
      legacyImportRows.importId,
      ids.map((r) => r.id),
    ),
  );
  return ids.length;
}
