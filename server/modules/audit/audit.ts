import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditEntityType } from '../../../src/shared/contracts/audit-actions';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Bound } from '../../db/compiled-sql';
import { auditLog } from './audit.table';

export type AuditEntry = {
  actorUserId: number | null;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
  ip?: string | null;
};

/** an entry as its row: what it leaves out is null, the entity's id is text */
const auditRow = (entry: AuditEntry) => ({
  actorUserId: entry.actorUserId,
  action: entry.action,
  entityType: entry.entityType,
  entityId: entry.entityId == null ? null : String(entry.entityId),
  before: entry.before ?? null,
  after: entry.after ?? null,
  requestId: entry.requestId ?? null,
  ip: entry.ip ?? null,
});

/** The one way to write the audit log; pass the transaction so the entry commits or rolls back with the change. */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await auditInsert(db, [entry]);
}

/** many entries in one statement (an import that creates hundreds of records); same rules as `audit` */
export async function auditMany(db: DbOrTx, entries: AuditEntry[]): Promise<void> {
  for (let at = 0; at < entries.length; at += 500) {
    const batch = entries.slice(at, at + 500);
    if (batch.length === 0) return;
    await auditInsert(db, batch);
  }
}

/**
 * The insert of some entries, not yet sent: awaited, or joined to another module's statement in the same transaction
 * (a booking's audit rows go with its mails, `enqueueMails`' `alongside`)
 */
export function auditInsert(db: DbOrTx, entries: AuditEntry[]) {
  return db.insert(auditLog).values(entries.map(auditRow));
}

/**
 * The insert of entries whose entity and `after` the caller's statement computes (a booking's enrolments, decided in
 * the same statement: issue 36), as a data-modifying CTE body: `rows` selects `entity_id` (text) and `after` (jsonb)
 * in the order to write them; who and what are the same for all.
 */
export function auditInsertSelect(
  entry: {
    actorUserId: Bound<number | null>;
    action: AuditAction;
    entityType: AuditEntityType;
    requestId?: Bound<string | null>;
    ip?: Bound<string | null>;
  },
  rows: SQL,
): SQL {
  return sql`insert into ${auditLog} (actor_user_id, action, entity_type, entity_id, before, after, request_id, ip)
    select ${entry.actorUserId}::int, ${entry.action}, ${entry.entityType}, r.entity_id, null, r.after, ${entry.requestId ?? null}, ${entry.ip ?? null}
    from (${rows}) r`;
}

/** who did it, from where: the part of an AuditEntry a service takes from its caller (see auditContext) */
export type Ctx = Pick<AuditEntry, 'actorUserId' | 'requestId' | 'ip'>;

/** who/where of a request, spread into an AuditEntry */
export function auditContext(request: FastifyRequest) {
  return { actorUserId: request.user?.id ?? null, requestId: request.id, ip: request.ip };
}
