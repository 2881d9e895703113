import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AuditEntryDto } from '../../../src/shared/contracts/common';
import type { DbOrTx } from '../../db/client';
import { actorOf, iso } from '../../lib/record-helpers';
import { auditLog } from './audit.table';
import { userRef } from '../users/user-ref';

const actor = userRef('audit_actor');

/** audit entries about any of the given records, newest first, with the actor's name */
export async function historyOf(db: DbOrTx, records: { type: string; ids: (number | string)[] }[], limit = 200): Promise<AuditEntryDto[]> {
  const conditions = records
    .filter((r) => r.ids.length > 0)
    .map((r) => and(eq(auditLog.entityType, r.type), inArray(auditLog.entityId, r.ids.map(String))));
  if (conditions.length === 0) return [];
  const rows = await db
    .select({ e: auditLog, a: actor.name })
    .from(auditLog)
    .leftJoin(actor.table, actor.on(auditLog.actorUserId))
    .where(or(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map(({ e, a }) => ({
    id: e.id,
    at: iso(e.at),
    actor: actorOf(e.actorUserId, a?.email ? a : null),
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId,
    before: e.before ?? null,
    after: e.after ?? null,
  }));
}

/**
 * Entries about one record with one of `actions`, newest first, with the actor's name. `afterNamesAnyOf` keeps only
 * entries whose `after` names at least one of these keys (jsonb `?|`), so entries without such a change take no
 * place in `limit`. For a module's own history views (facilities/facility-history.ts).
 */
export async function entriesAbout(
  db: DbOrTx,
  record: { type: string; id: number | string },
  actions: string[],
  opts: { limit: number; afterNamesAnyOf?: string[] },
) {
  const keys = opts.afterNamesAnyOf;
  const rows = await db
    .select({ e: auditLog, a: actor.name })
    .from(auditLog)
    .leftJoin(actor.table, actor.on(auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.entityType, record.type),
        eq(auditLog.entityId, String(record.id)),
        inArray(auditLog.action, actions),
        keys
          ? sql`${auditLog.after} ?| array[${sql.join(
              keys.map((k) => sql`${k}`),
              sql`, `,
            )}]::text[]`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(opts.limit);
  return rows.map(({ e, a }) => ({ ...e, actor: a?.email ? a : null }));
}
