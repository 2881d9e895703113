import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { displayFileName } from '../../lib/file-name';
import { isImageType } from '../../lib/file-sniff';

/** `filename*` for a name with umlauts, an ASCII fallback for old clients */
const contentDisposition = (kind: 'inline' | 'attachment', name: string) => {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'datei';
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
};

/**
 * One stored file of a form, for staff, admins and the jury alike: the type found on upload, never sniffed; photos
 * (our own re-encoded copies) inline, so the form shows them; everything else as a download (`attachment`), and a PDF
 * moreover in a sandbox without any permission (CSP `sandbox`): a PDF's scripts or a PDF/HTML polyglot never run in
 * the portal's origin, even when someone opens the address directly.
 */
export function sendStoredFile(reply: FastifyReply, file: { name: string; contentType: string; size: number }, body: Readable) {
  const image = isImageType(file.contentType);
  reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(image ? 'inline' : 'attachment', displayFileName(file.name)));
  if (!image) reply.header('content-security-policy', "default-src 'none';frame-ancestors 'none';sandbox");
  return reply.send(body);
}
