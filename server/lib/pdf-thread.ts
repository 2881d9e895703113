import { parentPort } from 'node:worker_threads';
import type { Readable } from 'node:stream';
import { renderCertificates, type CertificateDocModel } from './certificate-pdf';
import { renderPdf, type PdfDocModel } from './pdf';

/**
 * Runs inside the PDF worker thread (started by pdf-pool.ts through pdf-thread.mjs): renders one model at a time and
 * answers its bytes as a transferred ArrayBuffer (no copy). pdfkit's PNG decoder throws inside an asynchronous zlib
 * callback for broken image data, which nothing can catch: that ends this thread, never the server; the pool sees the
 * thread die and rejects the job.
 */
/** a documentation-style record (pdf.ts) or certificates (certificate-pdf.ts) */
export type PdfPayload = { model: PdfDocModel } | { certificates: CertificateDocModel };
export type PdfJob = { id: number } & PdfPayload;
export type PdfAnswer = { id: number; pdf: ArrayBuffer } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('pdf-thread.ts runs only as a worker thread (see pdf-pool.ts)');

// structured clone turns a Buffer into a plain Uint8Array; pdfkit wants Buffers for image data
const revive = (model: PdfDocModel): PdfDocModel => ({
  ...model,
  sections: model.sections.map((s) => ({
    ...s,
    items: s.items.map((i) => ({
      ...i,
      images: i.images?.map((img) => ({ ...img, data: Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength) })),
    })),
  })),
});

const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);
const reviveCertificates = (model: CertificateDocModel): CertificateDocModel => ({
  ...model,
  images: model.images.map((img) => ({ ...img, data: asBuffer(img.data) })),
});

async function render(job: PdfJob): Promise<ArrayBuffer> {
  const chunks: Buffer[] = [];
  const stream: Readable = 'model' in job ? renderPdf(revive(job.model)) : renderCertificates(reviveCertificates(job.certificates));
  for await (const c of stream) chunks.push(c as Buffer);
  // one ArrayBuffer of exactly the PDF's size, owned by nobody else, so it can be transferred
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out.buffer;
}

port.on('message', (job: PdfJob) => {
  render(job).then(
    (pdf) => port.postMessage({ id: job.id, pdf } satisfies PdfAnswer, [pdf]),
    (err: unknown) => port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) } satisfies PdfAnswer),
  );
});
