import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { acceptsContentType, type UploadedFile } from '../../../src/shared/contracts/documentation';
import { DOC_LIMITS, fileTypeLabels, type Question } from '../../../src/shared/contracts/documentation-template';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/file-storage';
import { sniffFileType } from '../../lib/file-sniff';
import { fail } from '../../lib/http-error';
import { audit, type Ctx } from '../audit/audit';
import { documentationFiles as files, documentationForms as forms } from './documentation.table';
import { assertEditable, lockOrCreateForm, type FormScope } from './form.service';
import { fileCounts, fileOfForm, formOf, staffFileUrl, toFileDto, userName } from './form.repository';
import { imageSize } from './image-size';
import { questionsByKey } from './templates.service';

/**
 * Photos and documents of a form. The type is what the bytes say (magic numbers), never the name or the browser's
 * Content-Type; the bytes go to the file storage under a random key first, then one short locked transaction checks
 * the limits again and writes the row (a failed check deletes the stored bytes), so the form's lock is never held
 * during the upload's I/O.
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

export async function uploadFile(db: Db, storage: FileStorage, scope: FormScope, input: { questionKey: string; name: string; bytes: Buffer }, ctx: Ctx): Promise<UploadedFile> {
  const q = filesQuestion(scope, input.questionKey);
  assertEditable(scope, 'draft');
  const { bytes } = input;
  if (bytes.length === 0) throw fail('documentation.empty_file');
  if (bytes.length > DOC_LIMITS.fileBytes) throw fail('documentation.file_too_large', [mb(DOC_LIMITS.fileBytes)]);
  const type = sniffFileType(bytes.subarray(0, 16));
  if (!type || !acceptsContentType(q, type)) throw fail('documentation.wrong_file_type', [q.fileTypes.map((t) => fileTypeLabels[t]).join(', ')]);
  const size = imageSize(bytes, type);

  // cheap early answer before any bytes are stored; checked again under the lock
  const existing = await formOf(db, scope.facilityId, scope.season.id);
  if (existing) {
    assertEditable(scope, existing.state);
    checkLimits(q, await fileCounts(db, existing.id), bytes.length);
  }

  const storageKey = `documentation/${scope.season.id}/${scope.facilityId}/${randomBytes(16).toString('hex')}`;
  await storage.put(storageKey, bytes, { contentType: type, size: bytes.length });
  try {
    const row = await db.transaction(async (tx) => {
      const { row: form } = await lockOrCreateForm(tx, scope, ctx);
      assertEditable(scope, form.state);
      checkLimits(q, await fileCounts(tx, form.id), bytes.length);
      const [inserted] = await tx
        .insert(files)
        .values({
          formId: form.id,
          questionKey: q.key,
          storageKey,
          name: input.name,
          contentType: type,
          size: bytes.length,
          width: size?.width ?? null,
          height: size?.height ?? null,
          uploadedBy: scope.actor.id,
        })
        .returning();
      await audit(tx, {
        ...ctx,
        action: 'documentation_form.upload_file',
        entityType: 'documentation_form',
        entityId: form.id,
        after: { facilityId: scope.facilityId, fileId: inserted!.id, questionKey: q.key, name: input.name, contentType: type, size: bytes.length },
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

export async function readFile(db: Db, storage: FileStorage, scope: FormScope, fileId: number): Promise<{ name: string; contentType: string; size: number; body: Readable }> {
  const { file } = await ownFile(db, scope, fileId);
  const body = await storage.get(file.storageKey);
  if (!body) throw fail('documentation.file_missing');
  return { name: file.name, contentType: file.contentType, size: file.size, body };
}

export async function deleteFile(db: Db, storage: FileStorage, scope: FormScope, fileId: number, ctx: Ctx, log?: (err: unknown) => void): Promise<void> {
  assertEditable(scope, 'draft');
  const file = await db.transaction(async (tx) => {
    const form = await formOf(tx, scope.facilityId, scope.season.id);
    if (!form) throw fail('documentation.file_missing');
    const [locked] = await tx.select({ state: forms.state }).from(forms).where(eq(forms.id, form.id)).for('update');
    assertEditable(scope, locked!.state);
    const [gone] = await tx.delete(files).where(eq(files.id, (await fileOfForm(tx, form.id, fileId))?.id ?? -1)).returning();
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

/** `Content-Disposition` with the file's own (UTF-8) name */
export const inlineDisposition = (name: string) => `inline; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
