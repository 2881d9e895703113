import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from './audit.table';

/**
 * What the audit log holds for one account: what it did (newest first, at most 5,000 entries) for the account's
 * data export (DSGVO Art. 15), and what its deletion removes (Art. 17).
 */
export async function activityOfUser(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ action: auditLog.action, at: auditLog.at, entityType: auditLog.entityType, entityId: auditLog.entityId })
    .from(auditLog)
    .where(eq(auditLog.actorUserId, userId))
    .orderBy(desc(auditLog.at))
    .limit(5000);
  return rows.map((a) => ({ ...a, at: a.at.toISOString() }));
}

/** the entries keep what happened and when; they lose who did it and, for entries about the account, its personal values */
export async function forgetUserInAuditLog(tx: DbOrTx, userId: number) {
  await tx.update(auditLog).set({ actorUserId: null }).where(eq(auditLog.actorUserId, userId));
  await tx
    .update(auditLog)
    .set({ before: null, after: null })
    .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(userId))));
}
