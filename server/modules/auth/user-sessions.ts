import { and, count, desc, eq, gt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from './sessions.table';

/** Session queries the account features need beyond the sessions plugin (which handles the own cookie). */
export function userSessions(db: DbOrTx) {
  return {
    async list(userId: number, now = new Date()) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt));
    },
    async countLive(userId: number, now = new Date()) {
      const [row] = await db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)));
      return row?.n ?? 0;
    },
    /** ends every session of the user, or every one but `keepId` */
    async endAll(userId: number, keepId?: string) {
      const rows = await db
        .delete(sessions)
        .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return rows.length;
    },
  };
}
