import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import type { FileStorage } from '../../lib/file-storage';
import { formOf } from './admin-documentation.service';
import { documentationFiles } from './documentation.table';

/** `filename*` for a name with umlauts, an ASCII fallback for old clients */
export const contentDisposition = (kind: 'inline' | 'attachment', name: string) => {
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'datei';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/**
 * GET …/{seasonIdentifier}/{facilityId}/files/{fileId}: only a file of that KiTa's form in that season (another
 * form's file id answers 404), as the staff route serves it: private, never stored by a cache (the route's cacheControl), with the type found
 * by content on upload and nosniff.
 */
export async function sendAdminFile(db: DbOrTx, storage: FileStorage, reply: FastifyReply, seasonIdentifier: string, facilityId: number, fileId: number) {
  const { form } = await formOf(db, seasonIdentifier, facilityId);
  const [file] = await db
    .select()
    .from(documentationFiles)
    .where(and(eq(documentationFiles.id, fileId), eq(documentationFiles.formId, form.id)));
  if (!file) throw fail('documentation.file_missing');
  const body = await storage.get(file.storageKey);
  if (!body) throw fail('documentation.file_missing');
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition('inline', file.name))
    .send(body);
}
