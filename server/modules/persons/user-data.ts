import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { persons } from './persons.table';

/**
 * What the persons module holds for one account: the staff entries linked to it, for the account's data export
 * (DSGVO Art. 15), and what the account's deletion does to them (Art. 17).
 */
export async function personsOfUser(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      id: persons.id,
      facilityId: persons.facilityId,
      salutation: persons.salutation,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: persons.email,
      phone: persons.phone,
      position: persons.position,
      createdAt: persons.createdAt,
      removedAt: persons.removedAt,
    })
    .from(persons)
    .where(eq(persons.userId, userId));
  return rows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString(), removedAt: p.removedAt?.toISOString() ?? null }));
}

/** the KiTa keeps the staff entry (past enrolments point to it) but no longer who it was */
export async function forgetUserInPersons(tx: DbOrTx, userId: number) {
  await tx
    .update(persons)
    .set({ userId: null, firstName: 'Gelöschte', lastName: 'Person', email: '', phone: '', salutation: 'keine Angabe' })
    .where(eq(persons.userId, userId));
}
