import { errorReasonOf } from '../../../lib/response-shape';
import { legacyImportSchema, type LegacyImport } from '../../../shared/contracts/legacy-imports';

/**
 * POST /api/admin/legacy-imports?fileName=… with the file's bytes as the body. XMLHttpRequest, not ky, for the
 * progress bar (as the documentation's upload: only XHR reports upload progress in every browser). Rejects with the
 * server's German message.
 */
export async function uploadLegacyFile(file: File, onProgress: (fraction: number) => void): Promise<LegacyImport> {
  const body = await file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/legacy-imports?${new URLSearchParams({ fileName: file.name }).toString()}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
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
