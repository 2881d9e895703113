import { and, count, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { persons } from './persons.table';

/**
 * Retention rule `removed-persons` (issue 38, SPEC §9): a person removed from a KiTa longer than the period loses name,
 * e-mail and phone; the row stays (its enrolments and attendances count in the figures), marked `anonymised_at`.
 */
const due = (before: Date) => and(isNotNull(persons.removedAt), lt(persons.removedAt, before), isNull(persons.anonymisedAt));

export async function removedPersonsDue(db: DbOrTx, before: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(persons).where(due(before));
  return row?.n ?? 0;
}

/** one batch, taken with SKIP LOCKED; answers how many */
export async function anonymiseRemovedPersons(tx: Tx, before: Date, batch: number): Promise<number> {
  const ids = await tx.select({ id: persons.id }).from(persons).where(due(before)).limit(batch).for('update', { skipLocked: true });
  if (ids.length === 0) return 0;
  await tx
    .update(persons)
    .set({
      firstName: 'Entfernte',
      lastName: 'Person',
      email: '',
      phone: '',
      salutation: 'keine Angabe',
      inviteTokenHash: null,
      anonymisedAt: new Date(),
    })
    .where(
      inArray(
        persons.id,
        ids.map((r) => r.id),
      ),
    );
  return ids.length;
}
