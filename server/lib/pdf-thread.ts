import { parentPort } from 'node:worker_threads';
import { renderPdf, type PdfDocModel } from './pdf';

/**
 * Runs inside the PDF worker thread (started by pdf-pool.ts through pdf-thread.mjs): renders one model at a time and
 * answers its bytes as a transferred ArrayBuffer (no copy). pdfkit's PNG decoder throws inside an asynchronous zlib
 * callback for broken image data, which nothing can catch: that ends this thread, never the server; the pool sees the
 * thread die and rejects the job.
 */
export type PdfJob = { id: number; model: PdfDocModel };
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

async function render(model: PdfDocModel): Promise<ArrayBuffer> {
  const chunks: Buffer[] = [];
  for await (const c of renderPdf(revive(model))) chunks.push(c as Buffer);
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
  render(job.model).then(
    (pdf) => port.postMessage({ id: job.id, pdf } satisfies PdfAnswer, [pdf]),
    (err: unknown) => port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) } satisfies PdfAnswer),
  );
});
