import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import type { FileStorage } from '../../lib/file-storage';
import { formOf, type Caller } from './admin-documentation.service';
import { documentationFiles } from './documentation.table';
import { sendStoredFile } from './file-response';

/**
 * GET …/{seasonIdentifier}/{facilityId}/files/{fileId}: only a file of that KiTa's form in that season (another
 * form's file id answers 404), as the staff route serves it (sendStoredFile): private, never stored by a cache (the
 * route's cacheControl).
 */
export async function sendAdminFile(
  db: DbOrTx,
  storage: FileStorage,
  reply: FastifyReply,
  seasonIdentifier: string,
  facilityId: number,
  fileId: number,
  caller: Pick<Caller, 'isAdmin'>,
) {
  const { form } = await formOf(db, seasonIdentifier, facilityId, false, caller);
  const [file] = await db
    .select()
    .from(documentationFiles)
    .where(and(eq(documentationFiles.id, fileId), eq(documentationFiles.formId, form.id)));
  if (!file) throw fail('documentation.file_missing');
  const body = await storage.get(file.storageKey);
  if (!body) throw fail('documentation.file_missing');
  return sendStoredFile(reply, file, body);
}
