import { parentPort } from 'node:worker_threads';
import type { Readable } from 'node:stream';
import { renderCertificates, type CertificateDocModel } from './certificate-pdf';
import { renderPdf, type PdfDocModel } from './pdf';
import { STREAM_WINDOW } from './pdf-pool';

/**
 * Runs inside the PDF worker thread (started by pdf-pool.ts through pdf-thread.mjs): renders one model at a time and
 * answers its bytes as a transferred ArrayBuffer (no copy), whole or, for a streamed job, chunk by chunk as the reader
 * acknowledges them (at most STREAM_WINDOW ahead). pdfkit's PNG decoder throws inside an asynchronous zlib
 * callback for broken image data, which nothing can catch: that ends this thread, never the server; the pool sees the
 * thread die and rejects the job.
 */
/** a documentation-style record (pdf.ts) or certificates (certificate-pdf.ts) */
export type PdfPayload = { model: PdfDocModel } | { certificates: CertificateDocModel };
/** `stream`: the PDF comes back chunk by chunk, each acknowledged by the reader (see pdf-pool.ts) */
export type PdfJob = { id: number; stream?: boolean } & PdfPayload;
/** the reader took `ack` more chunks of job `id` */
export type PdfAck = { id: number; ack: number };
export type PdfAnswer =
  { id: number; pdf: ArrayBuffer } | { id: number; chunk: ArrayBuffer } | { id: number; done: true } | { id: number; error: string };

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

const pdfStream = (job: PdfJob): Readable =>
  'model' in job ? renderPdf(revive(job.model)) : renderCertificates(reviveCertificates(job.certificates));

/** a copy in an ArrayBuffer of its own, owned by nobody else, so it can be transferred */
function transferable(chunks: Uint8Array[]): ArrayBuffer {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out.buffer;
}

async function render(job: PdfJob): Promise<ArrayBuffer> {
  const chunks: Buffer[] = [];
  for await (const c of pdfStream(job)) chunks.push(c as Buffer);
  return transferable(chunks);
}

// the streamed job (one at a time per thread): chunks sent and not yet acknowledged, and the wait for an acknowledgement
let streaming = 0;
let unacknowledged = 0;
let acknowledged: (() => void) | null = null;

async function stream(job: PdfJob): Promise<void> {
  streaming = job.id;
  unacknowledged = 0;
  for await (const c of pdfStream(job)) {
    const chunk = transferable([c as Buffer]);
    port!.postMessage({ id: job.id, chunk } satisfies PdfAnswer, [chunk]);
    unacknowledged += 1;
    // the reader is behind: draw no further page until it has taken some
    while (unacknowledged >= STREAM_WINDOW) await new Promise<void>((resolve) => (acknowledged = resolve));
  }
}

const failed = (job: PdfJob, err: unknown) =>
  port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) } satisfies PdfAnswer);

port.on('message', (message: PdfJob | PdfAck) => {
  if ('ack' in message) {
    if (message.id !== streaming) return;
    unacknowledged -= message.ack;
    acknowledged?.();
    acknowledged = null;
    return;
  }
  const job = message;
  if (job.stream) {
    stream(job).then(
      () => port.postMessage({ id: job.id, done: true } satisfies PdfAnswer),
      (err: unknown) => failed(job, err),
    );
    return;
  }
  render(job).then(
    (pdf) => port.postMessage({ id: job.id, pdf } satisfies PdfAnswer, [pdf]),
    (err: unknown) => failed(job, err),
  );
});
