import type { z } from 'zod';
import { noteInputSchema } from '../../../src/shared/contracts/admin-documentation';
import type { Db } from '../../db/client';
import { audit, type Ctx } from '../audit/audit';
import { adminDocumentationDetail, formOf, type Caller } from './admin-documentation.service';
import { documentationNotes } from './documentation.table';

/**
 * An internal note of an admin or jury member on a form. Notes live in their own table that no staff query reads;
 * the audit entry records that a note was written, not its text (the staff's history never shows it either).
 */
export async function addNote(
  db: Db,
  seasonIdentifier: string,
  facilityId: number,
  input: z.input<typeof noteInputSchema>,
  caller: Caller,
  ctx: Ctx,
) {
  const { text } = noteInputSchema.parse(input);
  await db.transaction(async (tx) => {
    const { form } = await formOf(tx, seasonIdentifier, facilityId, false, caller);
    const [note] = await tx
      .insert(documentationNotes)
      .values({ formId: form.id, authorId: caller.id, text })
      .returning({ id: documentationNotes.id });
    await audit(tx, {
      ...ctx,
      action: 'documentation_form.add_note',
      entityType: 'documentation_form',
      entityId: form.id,
      after: { noteId: note!.id, facilityId },
    });
  });
  return adminDocumentationDetail(db, seasonIdentifier, facilityId, caller);
}
