import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { audit, type AuditEntry } from '../modules/audit/audit';
import { changes, conflictError, notFoundError } from './record-helpers';

/** a table with optimistic concurrency: `version` counts writes, `updatedAt`/`updatedBy` say who wrote last */
type VersionedTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn; updatedBy: PgColumn };

export type VersionedUpdate<T extends VersionedTable, E extends Record<string, unknown>> = {
  table: T;
  id: number;
  /** the version the editor read */
  version: number;
  /** reads the row inside the transaction (locking it where the caller wants); throws 404 when it is gone */
  load: (tx: DbOrTx) => Promise<T['$inferSelect']>;
  /** the new values, or a function of the locked row (e.g. "keep the first approval's date") */
  values: Partial<T['$inferInsert']> | ((row: T['$inferSelect']) => Partial<T['$inferInsert']>);
  /** rules on the locked row after the version check (e.g. "only a draft can be published"); throw to refuse */
  check?: (row: T['$inferSelect'], tx: DbOrTx) => unknown;
  /** the audited fields of a row; the audit entry holds only the ones that changed */
  editable: (row: T['$inferSelect']) => E;
  /** saving unchanged data is no change: version and "zuletzt geändert" stay as they are */
  skipUnchanged?: boolean;
  audit: Pick<AuditEntry, 'action' | 'entityType'> & {
    /** context stored next to the changed fields in `after` (e.g. the enrolment's facilityId and seasonId) */
    context?: Record<string, unknown> | ((row: T['$inferSelect']) => Record<string, unknown>);
    /** the entity the entry names when it is not the row (a season's template is audited under the season); the row's id otherwise */
    entityId?: number;
    /**
     * the entry's before/after when the changed fields are too big for the log (a template's sections): a summary of
     * the change instead of the diff of `editable`; `context` is still added to `after`
     */
    describe?: (before: T['$inferSelect'], after: T['$inferSelect']) => { before: Record<string, unknown>; after: Record<string, unknown> };
  };
  ctx: Pick<AuditEntry, 'actorUserId' | 'requestId' | 'ip'>;
};

/**
 * The one "lock → version check → update → diff → audit" sequence of every versioned record (facilities,
 * persons, seasons, season enrolments). Runs in the caller's transaction; a stale version answers 409 and changes nothing.
 */
export async function versionedUpdate<T extends VersionedTable, E extends Record<string, unknown>>(
  tx: DbOrTx,
  spec: VersionedUpdate<T, E>,
): Promise<{ changed: boolean; row: T['$inferSelect'] }> {
  const { table, id, version, ctx } = spec;
  const before = await spec.load(tx);
  if ((before as { version: number }).version !== version) throw conflictError();
  await spec.check?.(before, tx);
  const values = typeof spec.values === 'function' ? spec.values(before) : spec.values;
  if (spec.skipUnchanged && !changes(spec.editable(before), { ...spec.editable(before), ...values }).changed) return { changed: false, row: before };
  // drizzle can't relate a generic table's columns to its insert type; the spec's types carry the checks
  const after = await writeAtVersion(tx, table, id, version, { ...values, ...stamp(table, ctx.actorUserId) } as never);
  const { context, describe, entityId = id, ...action } = spec.audit;
  const diff = describe ? describe(before, after) : changes(spec.editable(before), spec.editable(after));
  const extra = typeof context === 'function' ? context(after) : context;
  await audit(tx, { ...ctx, ...action, entityId, before: diff.before, after: extra ? { ...diff.after, ...extra } : diff.after });
  return { changed: true, row: after };
}

/** a table whose rows move through states (a documentation form: draft → submitted → approved …) under a version */
type StatefulTable = PgTable & { id: PgColumn; version: PgColumn; state: PgColumn };
type StateOf<T extends StatefulTable> = T['$inferSelect'] extends { state: infer S } ? S : never;

export type VersionedTransition<T extends StatefulTable> = {
  table: T;
  /** the version the caller read */
  version: number;
  /** reads the row inside the transaction, locked FOR UPDATE; throws when it is gone */
  load: (tx: DbOrTx) => Promise<T['$inferSelect']>;
  /** refusals that hold whatever the version (a second "Einreichen" answers "already submitted", not 409 conflict) */
  guard?: (row: T['$inferSelect']) => unknown;
  /** rules on the locked row after the version check (the transition allowed from this state, a complete form) */
  check?: (row: T['$inferSelect'], tx: DbOrTx) => unknown;
  to: StateOf<T>;
  /** the columns the transition sets besides state and version (who decided, when) */
  values?: Partial<T['$inferInsert']>;
  audit: Pick<AuditEntry, 'action' | 'entityType'> & {
    /** stored in `after` next to the new state (e.g. the form's facilityId and seasonId, the decision's comment) */
    context?: (row: T['$inferSelect']) => Record<string, unknown>;
  };
  ctx: Pick<AuditEntry, 'actorUserId' | 'requestId' | 'ip'>;
};

/**
 * The sibling of `versionedUpdate` for a state transition of a row without `updatedAt`/`updatedBy` (its own "who, when"
 * columns say it): lock → guard → version check → check → state and version written → audit `{ state }` before and
 * after. Runs in the caller's transaction; a stale version answers 409 and changes nothing.
 */
export async function versionedTransition<T extends StatefulTable>(
  tx: DbOrTx,
  spec: VersionedTransition<T>,
): Promise<{ before: T['$inferSelect']; row: T['$inferSelect'] }> {
  const { table, version, ctx } = spec;
  const before = await spec.load(tx);
  await spec.guard?.(before);
  const { id, state } = before as { id: number; state: unknown };
  if ((before as { version: number }).version !== version) throw conflictError();
  await spec.check?.(before, tx);
  // drizzle can't relate a generic table's columns to its insert type; the spec's types carry the checks
  const after = await writeAtVersion(tx, table, id, version, { ...spec.values, state: spec.to, version: nextVersion(table) } as never);
  const { context, ...action } = spec.audit;
  await audit(tx, { ...ctx, ...action, entityId: id, before: { state }, after: { state: spec.to, ...context?.(after) } });
  return { before, row: after };
}

/** the UPDATE of both: only while the row still has the version read (else 409, nothing changed); answers the new row */
async function writeAtVersion<T extends PgTable & { id: PgColumn; version: PgColumn }>(
  tx: DbOrTx,
  table: T,
  id: number,
  version: number,
  set: never,
): Promise<T['$inferSelect']> {
  const rows = (await tx
    .update(table)
    .set(set)
    .where(and(eq(table.id, id), eq(table.version, version)))
    .returning()) as T['$inferSelect'][];
  const after = rows[0];
  if (!after) throw conflictError();
  return after;
}

/** `load` for the common case: the row by id, locked FOR UPDATE; 404 when it is gone */
export function lockById<T extends VersionedTable>(table: T, id: number) {
  return async (tx: DbOrTx): Promise<T['$inferSelect']> => {
    // drizzle can't type a select from a generic table; the table's own row type is what comes back
    const [row] = (await tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id))
      .for('update')) as T['$inferSelect'][];
    if (!row) throw notFoundError();
    return row;
  };
}

/** the next version of a row, for writes that change no editable field (a merge moving rows to another KiTa) */
export const nextVersion = (table: { version: PgColumn }) => sql`${table.version} + 1`;

/**
 * The columns every other write of a versioned row sets: a state change by the system or a bulk action that no editor's
 * version guards (a promotion from the waiting list, an admin's action on several enrolments). An edit of a record that
 * an editor read goes through `versionedUpdate`; `npm test` refuses a version written by hand anywhere else
 * (scripts/check-module-sql.mjs).
 */
export const stamp = (table: { version: PgColumn }, actorUserId: number | null, now = new Date()) => ({
  updatedAt: now,
  updatedBy: actorUserId,
  version: nextVersion(table),
});
