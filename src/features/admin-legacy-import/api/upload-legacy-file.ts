import { errorReasonOf } from '../../../lib/response-shape';
import { legacyImportSchema, legacyUploadField, type LegacyImport } from '../../../shared/contracts/legacy-imports';

/**
 * POST /api/admin/legacy-imports as multipart/form-data, the file in the field `datei` (SPEC §3; its name is the
 * import's). XMLHttpRequest, not ky, for the progress bar (as the documentation's upload: only XHR reports upload
 * progress in every browser); the browser sets the content type with its boundary. Rejects with the server's German
 * message.
 */
export function uploadLegacyFile(file: File, onProgress: (fraction: number) => void): Promise<LegacyImport> {
  const body = new FormData();
  body.append(legacyUploadField, file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/legacy-imports');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // a proxy's HTML page: the status tells
      }
      const parsed = legacyImportSchema.safeParse(answer);
      if (xhr.status === 201 && parsed.success) resolve(parsed.data);
      else reject(new Error(errorReasonOf(answer)?.message ?? `Die Datei ließ sich nicht hochladen (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error('Die Verbindung ist abgebrochen. Bitte versuche es noch einmal.'));
    xhr.send(body);
  });
}
