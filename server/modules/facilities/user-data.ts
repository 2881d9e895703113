import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { facilities, facilityMembers } from './facilities.table';

/**
 * What the facilities module holds for one account (its memberships), for the account's data export (DSGVO Art. 15)
 * and the deletion's "last member" check. The memberships go with the account row (foreign key, on delete cascade).
 */
export async function membershipsOfUser(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ facilityId: facilities.id, label: facilities.label, since: facilityMembers.createdAt })
    .from(facilityMembers)
    .innerJoin(facilities, eq(facilities.id, facilityMembers.facilityId))
    .where(eq(facilityMembers.userId, userId));
  return rows.map((m) => ({ ...m, since: m.since.toISOString() }));
}

/** KiTas in which the user is the only member. */
export async function lastMemberOf(db: DbOrTx, userId: number) {
  const mine = db.select({ id: facilityMembers.facilityId }).from(facilityMembers).where(eq(facilityMembers.userId, userId));
  const rows = await db
    .select({ id: facilities.id, label: facilities.label, members: sql<number>`count(*)::int` })
    .from(facilities)
    .innerJoin(facilityMembers, eq(facilityMembers.facilityId, facilities.id))
    .where(inArray(facilities.id, mine))
    .groupBy(facilities.id, facilities.label)
    .orderBy(facilities.label);
  return rows.filter((r) => Number(r.members) === 1).map(({ id, label }) => ({ id, label }));
}
