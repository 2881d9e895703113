import { api } from './api-client';

/** Hands a blob to the browser as a download under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * GET an /api file through the one client (POST with `json`, for a file made from what a form holds), so a refusal
 * (e.g. "Das PDF konnte nicht erstellt werden") reaches the user as a message instead of being saved as a file; the
 * server names the file in Content-Disposition.
 */
export async function fetchFile(apiPath: string, fallbackName: string, json?: unknown): Promise<{ blob: Blob; filename: string }> {
  const path = apiPath.replace(/^\/api\//, '');
  const response = await (json === undefined ? api.get(path) : api.post(path, { json, retry: 0 }));
  return { blob: await response.blob(), filename: fileNameOf(response, fallbackName) };
}

/** the name the server gave a file in its Content-Disposition (the UTF-8 form first), else `fallbackName` */
export function fileNameOf(response: Response, fallbackName: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  return (encoded ? decodeURIComponent(encoded) : /filename="([^"]+)"/.exec(disposition)?.[1]) ?? fallbackName;
}
