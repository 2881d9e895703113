import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { PendingUpload } from '../../../components/documentation-form/documentation-form-fields';
import type { DocumentationForm } from '../../../shared/contracts/documentation';
import { fileTypeLabels, mimeTypesOf, type Question } from '../../../shared/contracts/documentation-template';
import { documentationQueryOptions } from '../api/get-documentation';
import { UploadError, uploadDocumentationFile } from '../api/upload-documentation-file';
import { downscaleImage, type PrepareUpload } from './downscale-image';

type FilesQuestion = Extract<Question, { kind: 'files' }>;

export const wrongTypeText = (q: FilesQuestion) =>
  `Diese Datei ist kein erlaubter Dateityp (erlaubt: ${q.fileTypes.map((t) => fileTypeLabels[t]).join(', ')}).`;
export const tooBigText = (bytes: number) => `Diese Datei ist zu groß (höchstens ${Math.floor(bytes / 1024 / 1024)} MB).`;
const networkText = 'Die Datei konnte nicht hochgeladen werden: keine Verbindung zum Server. Bitte versuch es gleich noch einmal.';

let nextId = 0;

/**
 * Uploads of files questions, outside the autosave debounce: each file at once, one after the other, with its own
 * progress and its own German error (checked here first by type and size, then by the server by content).
 */
export function useFileUploads(facilityId: number, form: DocumentationForm, prepare: PrepareUpload = downscaleImage) {
  const queryClient = useQueryClient();
  const queryKey = documentationQueryOptions(facilityId).queryKey;
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const queue = useRef(Promise.resolve());

  const patch = useCallback(
    (id: string, change: Partial<PendingUpload>) => setPending((list) => list.map((p) => (p.id === id ? { ...p, ...change } : p))),
    [],
  );

  async function uploadOne(q: FilesQuestion, file: File, id: string) {
    const accepted = q.fileTypes.flatMap((t) => mimeTypesOf[t]);
    if (!accepted.includes(file.type)) return patch(id, { error: wrongTypeText(q) });
    let prepared = file;
    try {
      prepared = await prepare(file);
    } catch {
      // downscaling failed: the original goes, the server's size limit decides
    }
    const limit = form.limits.fileBytes;
    if (prepared.size > limit) return patch(id, { error: tooBigText(limit) });
    patch(id, { progress: 0 });
    try {
      const uploaded = await uploadDocumentationFile(facilityId, q.key, prepared, prepared.name, (progress) => patch(id, { progress }));
      queryClient.setQueryData(queryKey, (current: DocumentationForm | undefined) =>
        current
          ? { ...current, files: [...current.files, uploaded], limits: { ...current.limits, usedBytes: current.limits.usedBytes + uploaded.size } }
          : current,
      );
      setPending((list) => list.filter((p) => p.id !== id));
    } catch (error) {
      const failure = error instanceof UploadError ? error.failure : null;
      patch(id, {
        error:
          failure?.kind === 'http' && failure.message
            ? failure.message
            : failure?.kind === 'http'
              ? `Die Datei konnte nicht hochgeladen werden (Fehler ${failure.status}).`
              : networkText,
      });
    }
  }

  const onAdd = (q: FilesQuestion, files: File[]) => {
    const current = queryClient.getQueryData<DocumentationForm>(queryKey) ?? form;
    const running = pending.filter((p) => p.questionKey === q.key && p.error === null).length;
    let room = q.maxFiles - current.files.filter((f) => f.questionKey === q.key).length - running;
    const added = files.map((file) => {
      const entry: PendingUpload = { id: `upload-${++nextId}`, questionKey: q.key, name: file.name, progress: null, error: null };
      if (room <= 0) entry.error = `Zu dieser Frage lassen sich höchstens ${q.maxFiles} Dateien hochladen.`;
      room -= 1;
      return { file, entry };
    });
    setPending((list) => [...list, ...added.map((a) => a.entry)]);
    for (const { file, entry } of added) if (entry.error === null) queue.current = queue.current.then(() => uploadOne(q, file, entry.id));
  };

  const onDismiss = (id: string) => setPending((list) => list.filter((p) => p.id !== id));
  return { pending, onAdd, onDismiss };
}
