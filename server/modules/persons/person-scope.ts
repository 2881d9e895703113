import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bindArray, type Bound } from '../../db/compiled-sql';
import { notFoundError } from '../../lib/record-helpers';
import { persons } from './persons.table';

/**
 * A staff entry named in the path must belong to the KiTa of the path (facilities' activeFacility checks the
 * KiTa itself); anything else answers 404, never data.
 */
export async function personOfFacility(db: DbOrTx, facilityId: number, personId: number, opts: { includeRemoved?: boolean } = {}) {
  const [row] = await db
    .select()
    .from(persons)
    .where(and(eq(persons.id, personId), eq(persons.facilityId, facilityId), opts.includeRemoved ? undefined : isNull(persons.removedAt)))
    .limit(1);
  if (!row) throw notFoundError();
  return row;
}

/** The staff entry (not removed) each of these accounts is linked to in the KiTa, if any. */
export async function staffEntriesOfAccounts(db: DbOrTx, facilityId: number, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: persons.userId, personId: persons.id })
    .from(persons)
    .where(and(eq(persons.facilityId, facilityId), inArray(persons.userId, userIds), isNull(persons.removedAt)))
    .orderBy(persons.id);
  const byUser = new Map<number, number>();
  // one entry per account even if two staff entries point to the same account (the first one)
  for (const r of rows) if (r.userId !== null && !byUser.has(r.userId)) byUser.set(r.userId, r.personId);
  return byUser;
}

/** Links a staff entry that has no account yet to this account (an admin creating the account); false if none. */
export async function linkStaffEntryToAccount(db: DbOrTx, personId: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(persons)
    .set({ userId })
    .where(and(eq(persons.id, personId), isNull(persons.userId)))
    .returning({ id: persons.id });
  return rows.length > 0;
}

/** These staff entries of the KiTa (removed ones left out unless asked), in id order; the programme books them. */
export async function staffOfFacility(db: DbOrTx, facilityId: number, personIds: number[], opts: { includeRemoved?: boolean } = {}) {
  if (personIds.length === 0) return [];
  return db
    .select()
    .from(persons)
    .where(and(eq(persons.facilityId, facilityId), inArray(persons.id, personIds), opts.includeRemoved ? undefined : isNull(persons.removedAt)))
    .orderBy(persons.id);
}

/** a staff entry as a booking needs it (names for messages, the address for its mail) */
export type StaffBrief = { id: number; firstName: string; lastName: string; email: string };

/**
 * `staffOfFacility` (not removed, id order) as a column of another module's select: one round trip less on the
 * booking's hot path (issue 23); `person-scope.test.ts` pins it to `staffOfFacility`.
 */
const staffWhere = (facilityId: Bound<number>, personIds: Bound<number[]>) =>
  and(eq(persons.facilityId, facilityId), sql`${persons.id} = any(${bindArray(personIds)}::int[])`, isNull(persons.removedAt));

/** the addresses of those staff entries (as staffOfFacilityColumn finds them) that have one: a subquery of one column */
export function staffAddressesSql(facilityId: Bound<number>, personIds: Bound<number[]>) {
  return sql`select ${persons.email} from ${persons} where ${and(staffWhere(facilityId, personIds), sql`coalesce(${persons.email}, '') <> ''`)}`;
}

export function staffOfFacilityColumn(facilityId: Bound<number>, personIds: Bound<number[]>) {
  const where = staffWhere(facilityId, personIds);
  return sql<
    StaffBrief[]
  >`(select coalesce(json_agg(json_build_object('id', ${persons.id}, 'firstName', ${persons.firstName}, 'lastName', ${persons.lastName}, 'email', ${persons.email}) order by ${persons.id}), '[]'::json) from ${persons} where ${where})`;
}
