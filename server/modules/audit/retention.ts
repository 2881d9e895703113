import { count, inArray, lt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { auditLog } from './audit.table';

/** Retention rule `audit-log` (issue 38, SPEC §9): entries older than the period are deleted. */
export async function auditEntriesDue(db: DbOrTx, before: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(lt(auditLog.at, before));
  return row?.n ?? 0;
}

/** one batch, taken with SKIP LOCKED; answers how many */
export async function deleteAuditEntries(tx: Tx, before: Date, batch: number): Promise<number> {
  const ids = await tx.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, before)).limit(batch).for('update', { skipLocked: true });
  if (ids.length === 0) return 0;
  await tx.delete(auditLog).where(
    inArray(
      auditLog.id,
      ids.map((r) => r.id),
    ),
  );
  return ids.length;
}
