import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Bound } from '../../db/compiled-sql';
import { notFoundError } from '../../lib/record-helpers';
import { facilities } from './facilities.table';

/**
 * The one place for record-level checks below a KiTa. The access plugin already checked that the caller is a
 * member of :facilityId (or an admin); here every record named in the path must belong to that KiTa, and a KiTa
 * merged into another is gone. Anything else answers 404, never data.
 */
export async function activeFacility(db: DbOrTx, facilityId: number) {
  const row = await findActiveFacility(db, facilityId);
  if (!row) throw notFoundError();
  return row;
}

/** the KiTa with this id, if it was not merged into another: the one condition of the reads below */
const activeById = (facilityId: Bound<number>) => and(eq(facilities.id, facilityId), isNull(facilities.mergedIntoId));

/** a boolean column for another module's select: the KiTa exists and was not merged away (one query less than `activeFacility` first) */
export function facilityIsActive(facilityId: number) {
  return sql<boolean>`exists (select 1 from ${facilities} where ${activeById(facilityId)})`;
}

/** the KiTa's name if it exists and was not merged away, else null: a column for another module's select (issue 23) */
export function activeFacilityLabel(facilityId: Bound<number>) {
  return sql<string | null>`(select ${facilities.label} from ${facilities} where ${activeById(facilityId)})`;
}

/** the KiTa if it exists and was not merged into another; for callers that answer their own error */
export async function findActiveFacility(db: DbOrTx, facilityId: number) {
  const [row] = await db.select().from(facilities).where(activeById(facilityId)).limit(1);
  return row;
}

/** the names of those KiTas that exist and were not merged away, by id, in one query (lists of many KiTas' records) */
export async function activeFacilityLabels(db: DbOrTx, facilityIds: number[]): Promise<Map<number, string>> {
  if (facilityIds.length === 0) return new Map();
  const rows = await db
    .select({ id: facilities.id, label: facilities.label })
    .from(facilities)
    .where(and(inArray(facilities.id, [...new Set(facilityIds)]), isNull(facilities.mergedIntoId)));
  return new Map(rows.map((r) => [r.id, r.label]));
}

/** whether a KiTa with this id exists at all (merged ones too) */
export async function facilityExists(db: DbOrTx, facilityId: number) {
  const [row] = await db.select({ id: facilities.id }).from(facilities).where(eq(facilities.id, facilityId));
  return row !== undefined;
}
