import type { AuditAction } from '../../../src/shared/contracts/audit-actions';
import { facilityFields, type FacilityChange, type FacilityField, type FacilityHistoryEntry } from '../../../src/shared/contracts/facilities';
import type { DbOrTx } from '../../db/client';
import { actorOf, iso } from '../../lib/record-helpers';
import { entriesAbout } from '../audit/audit-history';

/** audit actions that change master data; updateFacility stores only the changed fields, camelCase */
const UPDATE_ACTIONS: AuditAction[] = ['facility.update', 'facility.admin_update'];
/** a merge bumps the target's updated_at/updated_by without touching its master data */
const MERGE_ACTION: AuditAction = 'facility.merge_into';

/** older entries may name a column in snake_case; the fields and the audit log's keys are camelCase */
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** the keys as the audit log stores them, for "names at least one master-data field" */
const storedKeys = [...facilityFields];
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asValue = (v: unknown): FacilityChange['before'] =>
  v === undefined || v === null ? null : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : JSON.stringify(v);

/**
 * The master-data fields an audit entry changed, in form order, with before and after. Whatever else an entry
 * may hold (internal columns like version or updated_at, ids) never leaves the server.
 */
export function changedFields(before: unknown, after: unknown): FacilityChange[] {
  const b = new Map(Object.entries(isRecord(before) ? before : {}).map(([k, v]) => [camel(k), v]));
  const a = new Map(Object.entries(isRecord(after) ? after : {}).map(([k, v]) => [camel(k), v]));
  return facilityFields
    .filter((field) => a.has(field) || b.has(field))
    .map((field) => ({ field, before: asValue(b.get(field)), after: asValue(a.get(field)) }))
    .filter((change) => change.before !== change.after);
}

/** the KiTa's last master-data changes that changed anything, newest first, with who made them */
export async function facilityHistory(db: DbOrTx, facilityId: number, limit = 10): Promise<FacilityHistoryEntry[]> {
  // only entries naming a master-data field (older no-op saves left `{}`) take one of the places
  const rows = await entriesAbout(db, { type: 'facility', id: facilityId }, UPDATE_ACTIONS, { limit, afterNamesAnyOf: storedKeys });
  return rows
    .map((e) => ({
      id: e.id,
      at: iso(e.at),
      actor: actorOf(e.actorUserId, e.actor),
      byAdmin: e.action === 'facility.admin_update',
      changes: changedFields(e.before, e.after),
    }))
    .filter((entry) => entry.changes.length > 0);
}

/**
 * "What changed last": the fields of the newest change to the KiTa record; empty when that was a merge or an old save
 * without changes (so the fields never belong to an older change than "zuletzt geändert"), undefined when never changed.
 */
export async function lastChangedFields(db: DbOrTx, facilityId: number): Promise<FacilityField[] | undefined> {
  const [entry] = await entriesAbout(db, { type: 'facility', id: facilityId }, [...UPDATE_ACTIONS, MERGE_ACTION], { limit: 1 });
  if (!entry) return undefined;
  return entry.action === MERGE_ACTION ? [] : changedFields(entry.before, entry.after).map((c) => c.field);
}
