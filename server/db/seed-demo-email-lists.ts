import { eq } from 'drizzle-orm';
import { emailListCriteriaSchema } from '../../src/shared/contracts/email-lists';
import { emailLists } from '../modules/email-lists/email-lists.table';
import { users } from '../modules/users/users.table';
import type { DbOrTx } from './client';

/** SPEC §7: the saved list "Leitungen 2026/27" (Zweck Programm-Information): the Leitungen of the KiTas enrolled to 2026-27 */
export async function seedDemoEmailLists(tx: DbOrTx, currentSeasonId: number) {
  const name = 'Leitungen 2026/27';
  const criteria = emailListCriteriaSchema.parse({ seasonId: currentSeasonId, enrolment: ['enrolled'], positions: ['Leitung'] });
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.example'));
  const [existing] = await tx.select({ id: emailLists.id }).from(emailLists).where(eq(emailLists.name, name));
  if (existing) await tx.update(emailLists).set({ criteria, purpose: 'information' }).where(eq(emailLists.id, existing.id));
  else await tx.insert(emailLists).values({ name, criteria, purpose: 'information', createdBy: admin?.id ?? null, updatedBy: admin?.id ?? null });
}
