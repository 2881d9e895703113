import { errorReasonOf } from '../../../lib/response-shape';
import { uploadedFileSchema, type UploadedFile } from '../../../shared/contracts/documentation';

export type UploadFailure = { kind: 'http'; status: number; message: string | null } | { kind: 'network' } | { kind: 'aborted' };
export class UploadError extends Error {
  constructor(readonly failure: UploadFailure) {
    super(failure.kind === 'http' ? (failure.message ?? `HTTP ${failure.status}`) : failure.kind);
  }
}

/**
 * POST /api/facilities/{id}/documentation/files?questionKey=…&name=… with the file's bytes as the body.
 *
 * XMLHttpRequest, not ky: the page shows a progress bar per file, and only XHR reports upload progress in every
 * browser (`xhr.upload.onprogress`). ky's `onUploadProgress` streams the body with `duplex: 'half'`, which Firefox
 * and Safari don't support and Chromium only over HTTP/2. Errors are handled here, not by the shared handler: the page
 * shows them at the file (seed §8's texts don't fit "this file is too big"). Same origin, so the session cookie and
 * the Origin header go along as with ky.
 */
export async function uploadDocumentationFile(
  facilityId: number,
  questionKey: string,
  file: Blob,
  name: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  // the bytes, not the Blob: at most 10 MB after downscaling, and every XHR (also msw's in tests) sends them as they are
  const body = await file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ questionKey, name });
    xhr.open('POST', `/api/facilities/${facilityId}/documentation/files?${query.toString()}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // a proxy's HTML page: no reason to show, the status tells
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = uploadedFileSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new UploadError({ kind: 'http', status: xhr.status, message: null }));
      } else reject(new UploadError({ kind: 'http', status: xhr.status, message: errorReasonOf(body)?.message ?? null }));
    };
    xhr.onerror = () => reject(new UploadError({ kind: 'network' }));
    xhr.onabort = () => reject(new UploadError({ kind: 'aborted' }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
