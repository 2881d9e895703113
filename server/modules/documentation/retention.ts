import { and, count, inArray, isNull } from 'drizzle-orm';
import { fileRemovedText } from '../../../src/shared/contracts/retention';
import type { Db, DbOrTx } from '../../db/client';
import type { FileStorage } from '../../lib/file-storage';
import { documentationFiles as files, documentationForms as forms } from './documentation.table';

/**
 * Retention rule `documentation-files` (issue 38, SPEC §9): the photos and files of the forms of seasons that ended
 * longer than the period ago are deleted; the answers stay. The row stays too, renamed "Datei gelöscht
 * (Aufbewahrungsfrist)" and marked `removed_at`: the form, its PDF and the jury's view show that name where the file
 * was (the original file name may itself say who is in the photo, so it goes with the bytes).
 */
const due = (db: DbOrTx, seasonIds: number[]) =>
  and(isNull(files.removedAt), inArray(files.formId, db.select({ id: forms.id }).from(forms).where(inArray(forms.seasonId, seasonIds))));

export async function documentationFilesDue(db: DbOrTx, seasonIds: number[]): Promise<number> {
  if (seasonIds.length === 0) return 0;
  const [row] = await db.select({ n: count() }).from(files).where(due(db, seasonIds));
  return row?.n ?? 0;
}

/**
 * One batch, its rows taken with SKIP LOCKED (another instance takes others). The rows change first; the bytes go
 * after the commit, so a row never names bytes that are gone while it still says it has them. A failed delete of the
 * bytes leaves an unreferenced object: logged, and (local storage) removed by the orphan sweep's next round.
 */
export async function removeDocumentationFiles(
  db: Db,
  storage: FileStorage,
  seasonIds: number[],
  batch: number,
  log: (err: unknown) => void,
): Promise<number> {
  if (seasonIds.length === 0) return 0;
  const keys = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: files.id, key: files.storageKey })
      .from(files)
      .where(due(tx, seasonIds))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    await tx
      .update(files)
      .set({ name: fileRemovedText, removedAt: new Date(), width: null, height: null })
      .where(
        inArray(
          files.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((r) => r.key);
  });
  for (const key of keys) await storage.delete(key).catch(log);
  return keys.length;
}
