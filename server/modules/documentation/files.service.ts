import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { acceptsContentType, type UploadedFile } from '../../../src/shared/contracts/documentation';
import { DOC_LIMITS, fileTypeLabels, type Question } from '../../../src/shared/contracts/documentation-template';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/file-storage';
import { storedFileName } from '../../lib/file-name';
import { isImageType, sniffFileType, type SniffedType } from '../../lib/file-sniff';
import { fail } from '../../lib/http-error';
import { IMAGE_LIMITS, ImageRefusedError, reencodeImage } from '../../lib/image-reencode';
import { audit, type Ctx } from '../audit/audit';
import { documentationFiles as files, documentationForms as forms } from './documentation.table';
import { assertEditable, lockOrCreateForm, type FormScope } from './form.service';
import { fileCounts, fileOfForm, formOf, staffFileUrl, toFileDto, userName } from './form.queries';
import { questionsByKey } from './templates.service';
import type { ReceivedUpload } from './upload-body';

/**
 * Photos and documents of a form. The type is what the bytes say (magic numbers), never the name or the browser's
 * Content-Type; a photo is then decoded and only its re-encoded copy is kept (server/lib/image-reencode.ts: at most
 * 2,000 px, upright, no EXIF), a PDF must end as a PDF ends. The name gets the extension of that type
 * (server/lib/file-name.ts). The bytes go to the file storage under a random key first, then one short locked
 * transaction checks the limits again and writes the row (a failed check deletes the stored bytes), so the form's
 * lock is never held during the upload's I/O.
 */

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

function filesQuestion(scope: FormScope, key: string): Extract<Question, { kind: 'files' }> {
  const q = questionsByKey(scope.template.sections).get(key);
  if (!q) throw fail('documentation.unknown_question');
  if (q.kind !== 'files') throw fail('documentation.not_a_files_question');
  return q;
}

/** the limits of one question and the whole form, with `size` more bytes */
function checkLimits(q: Extract<Question, { kind: 'files' }>, used: { counts: Record<string, number>; bytes: number }, size: number) {
  if ((used.counts[q.key] ?? 0) >= q.maxFiles) throw fail('documentation.too_many_files', [q.maxFiles]);
  if (used.bytes + size > DOC_LIMITS.formBytes) throw fail('documentation.form_too_large', [mb(DOC_LIMITS.formBytes)]);
}

/** the first and the last bytes of the received file */
async function headAndTail(file: string, size: number) {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(16, size));
    await handle.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(1024, size));
    await handle.read(tail, 0, tail.length, size - tail.length);
    return { head, tail };
  } finally {
    await handle.close();
  }
}

/** what goes to the storage: a photo's re-encoded copy, a PDF's own bytes (streamed from the temp file) */
async function storedContent(
  upload: ReceivedUpload,
  type: SniffedType,
  tail: Buffer,
): Promise<{ body: Buffer | Readable; contentType: SniffedType; size: number; width: number | null; height: number | null }> {
  if (isImageType(type)) {
    try {
      const image = await reencodeImage(upload.path, type, DOC_LIMITS.fileBytes);
      if (image.bytes.length > DOC_LIMITS.fileBytes) throw fail('documentation.file_too_large', [mb(DOC_LIMITS.fileBytes)]);
      return { body: image.bytes, contentType: image.contentType, size: image.bytes.length, width: image.width, height: image.height };
    } catch (err) {
      if (!(err instanceof ImageRefusedError)) throw err;
      throw err.reason === 'too_many_pixels'
        ? fail('documentation.image_too_many_pixels', [IMAGE_LIMITS.maxPixels / 1_000_000])
        : fail('documentation.image_unreadable');
    }
  }
  // a PDF ends with its end-of-file marker (readers accept it within the last KB): a cut-off upload has none
  if (!tail.includes('%%EOF')) throw fail('documentation.pdf_unreadable');
  return { body: createReadStream(upload.path), contentType: type, size: upload.size, width: null, height: null };
}

export async function uploadFile(
  db: Db,
  storage: FileStorage,
  scope: FormScope,
  input: { questionKey: string; name: string; upload: ReceivedUpload | null },
  ctx: Ctx,
): Promise<UploadedFile> {
  const q = filesQuestion(scope, input.questionKey);
  assertEditable(scope, 'draft');
  const { upload } = input;
  if (!upload || upload.size === 0) throw fail('documentation.empty_file');
  if (upload.size > DOC_LIMITS.fileBytes) throw fail('documentation.file_too_large', [mb(DOC_LIMITS.fileBytes)]);
  const { head, tail } = await headAndTail(upload.path, upload.size);
  const sniffed = sniffFileType(head);
  if (!sniffed || !acceptsContentType(q, sniffed))
    throw fail('documentation.wrong_file_type', [q.fileTypes.map((t) => fileTypeLabels[t]).join(', ')]);

  // cheap early answer before the decoding and before any bytes are stored; checked again under the lock
  const existing = await formOf(db, scope.facilityId, scope.season.id);
  if (existing) {
    assertEditable(scope, existing.state);
    checkLimits(q, await fileCounts(db, existing.id), 0);
  }

  const stored = await storedContent(upload, sniffed, tail);
  const name = storedFileName(input.name, stored.contentType);
  const storageKey = `documentation/${scope.season.id}/${scope.facilityId}/${randomBytes(16).toString('hex')}`;
  await storage.put(storageKey, stored.body, { contentType: stored.contentType, size: stored.size });
  try {
    const row = await db.transaction(async (tx) => {
      const { row: form } = await lockOrCreateForm(tx, scope, ctx);
      assertEditable(scope, form.state);
      checkLimits(q, await fileCounts(tx, form.id), stored.size);
      const [inserted] = await tx
        .insert(files)
        .values({
          formId: form.id,
          questionKey: q.key,
          storageKey,
          name,
          contentType: stored.contentType,
          size: stored.size,
          width: stored.width,
          height: stored.height,
          uploadedBy: scope.actor.id,
        })
        .returning();
      await audit(tx, {
        ...ctx,
        action: 'documentation_form.upload_file',
        entityType: 'documentation_form',
        entityId: form.id,
        after: { facilityId: scope.facilityId, fileId: inserted!.id, questionKey: q.key, name, contentType: stored.contentType, size: stored.size },
      });
      return inserted!;
    });
    return toFileDto(row, await userName(db, scope.actor.id), staffFileUrl(scope.facilityId));
  } catch (err) {
    await storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
}

/** the file of this KiTa's current form, or 404 (a file id of another KiTa answers the same as one that never was) */
async function ownFile(db: Db, scope: FormScope, fileId: number) {
  const form = await formOf(db, scope.facilityId, scope.season.id);
  const file = form ? await fileOfForm(db, form.id, fileId) : undefined;
  if (!form || !file) throw fail('documentation.file_missing');
  return { form, file };
}

export async function readFile(
  db: Db,
  storage: FileStorage,
  scope: FormScope,
  fileId: number,
): Promise<{ name: string; contentType: string; size: number; body: Readable }> {
  const { file } = await ownFile(db, scope, fileId);
  const body = await storage.get(file.storageKey);
  if (!body) throw fail('documentation.file_missing');
  return { name: file.name, contentType: file.contentType, size: file.size, body };
}

export async function deleteFile(
  db: Db,
  storage: FileStorage,
  scope: FormScope,
  fileId: number,
  ctx: Ctx,
  log?: (err: unknown) => void,
): Promise<void> {
  assertEditable(scope, 'draft');
  const file = await db.transaction(async (tx) => {
    const form = await formOf(tx, scope.facilityId, scope.season.id);
    if (!form) throw fail('documentation.file_missing');
    const [locked] = await tx.select({ state: forms.state }).from(forms).where(eq(forms.id, form.id)).for('update');
    assertEditable(scope, locked!.state);
    const [gone] = await tx
      .delete(files)
      .where(eq(files.id, (await fileOfForm(tx, form.id, fileId))?.id ?? -1))
      .returning();
    if (!gone) throw fail('documentation.file_missing');
    await audit(tx, {
      ...ctx,
      action: 'documentation_form.delete_file',
      entityType: 'documentation_form',
      entityId: form.id,
      before: { fileId: gone.id, questionKey: gone.questionKey, name: gone.name, size: gone.size },
      after: { facilityId: scope.facilityId },
    });
    return gone;
  });
  // after the commit: a failed delete leaves an orphan in the storage, never a row without its bytes
  await storage.delete(file.storageKey).catch((err: unknown) => log?.(err));
}
