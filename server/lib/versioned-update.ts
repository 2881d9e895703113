import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { audit, type AuditEntry } from '../modules/audit/audit';
import { changes, conflictError } from './record-helpers';

/** a table with optimistic concurrency: `version` counts writes, `updatedAt`/`updatedBy` say who wrote last */
type VersionedTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn; updatedBy: PgColumn };

export type VersionedUpdate<T extends VersionedTable, E extends Record<string, unknown>> = {
  table: T;
  id: number;
  /** the version the editor read */
  version: number;
  /** reads the row inside the transaction (locking it where the caller wants); throws 404 when it is gone */
  load: (tx: Tx) => Promise<T['$inferSelect']>;
  values: Partial<T['$inferInsert']>;
  /** the audited fields of a row; the audit entry holds only the ones that changed */
  editable: (row: T['$inferSelect']) => E;
  /** saving unchanged data is no change: version and "zuletzt geändert" stay as they are */
  skipUnchanged?: boolean;
  audit: Pick<AuditEntry, 'action' | 'entityType'> & {
    /** context stored next to the changed fields in `after` (e.g. the enrolment's facilityId and seasonId) */
    context?: Record<string, unknown>;
  };
  ctx: Pick<AuditEntry, 'actorUserId' | 'requestId' | 'ip'>;
};

/**
 * The one "lock → version check → update → diff → audit" sequence of every versioned record (facilities,
 * persons, seasons, season enrolments). Runs in the caller's transaction; a stale version answers 409 and changes nothing.
 */
export async function versionedUpdate<T extends VersionedTable, E extends Record<string, unknown>>(
  tx: Tx,
  spec: VersionedUpdate<T, E>,
): Promise<{ changed: boolean; row: T['$inferSelect'] }> {
  const { table, id, version, ctx } = spec;
  const before = await spec.load(tx);
  if ((before as { version: number }).version !== version) throw conflictError();
  if (spec.skipUnchanged && !changes(spec.editable(before), { ...spec.editable(before), ...spec.values }).changed) return { changed: false, row: before };
  // drizzle can't relate a generic table's columns to its insert type; the spec's types carry the checks
  const set = { ...spec.values, updatedAt: new Date(), updatedBy: ctx.actorUserId, version: sql`${table.version} + 1` } as never;
  const rows = (await tx
    .update(table)
    .set(set)
    .where(and(eq(table.id, id), eq(table.version, version)))
    .returning()) as T['$inferSelect'][];
  const after = rows[0];
  if (!after) throw conflictError();
  const diff = changes(spec.editable(before), spec.editable(after));
  const { context, ...action } = spec.audit;
  await audit(tx, { ...ctx, ...action, entityId: id, before: diff.before, after: context ? { ...diff.after, ...context } : diff.after });
  return { changed: true, row: after };
}
