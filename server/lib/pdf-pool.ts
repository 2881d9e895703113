import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { CertificateDocModel } from './certificate-pdf';
import type { PdfDocModel } from './pdf';
import type { PdfAck, PdfAnswer, PdfJob, PdfPayload } from './pdf-thread';

/**
 * PDFs are rendered in worker threads, where a failure cannot take the server down (issue 18): pdfkit's PNG decoder
 * throws inside an asynchronous zlib callback for broken image data, an exception nothing can catch, and in the main
 * thread that ends the process. In a worker it ends the worker; the caller gets a rejected promise.
 *
 * API:
 * - `createPdfRenderer(options?)` → `{ render(model), streamCertificates(model), close() }`. `render` answers the whole
 *   PDF (its bytes come back as a transferred ArrayBuffer, no copy) or rejects with a `PdfRenderError`: `crashed` (the
 *   thread died: uncaught exception, its heap limit), `timeout` (the thread is terminated) or `failed` (pdfkit threw
 *   an ordinary error). A dead or terminated thread is replaced by a fresh one for the next job.
 * - `streamCertificates` answers a Readable once the first chunk is there (or rejects as `render` does before it):
 *   the thread draws pages only as fast as that Readable is read (each chunk acknowledged, at most STREAM_WINDOW
 *   ahead), so a batch of 1,000 pages is never held whole. A failure after the first chunk destroys the Readable with
 *   the PdfRenderError; a reader that stops (a download cancelled) ends the thread. The timeout counts from the last
 *   progress (a chunk sent or taken), so a slow reader is not a stuck render, and a reader that takes nothing for that
 *   long is cut off.
 * - Options: `threads` (default 2: the season ZIP renders the next PDF while the current one is written),
 *   `timeoutMs` per PDF from the moment it is handed to a thread (default 60 s; a thread's start-up counts),
 *   `maxOldGenerationSizeMb`/`maxYoungGenerationSizeMb` (the thread's JavaScript heap, default 256/32), `idleMs`
 *   (an idle thread is ended after this, default 60 s; the next PDF starts one again, ~0.3 s).
 *
 * The heap limit does not bound ArrayBuffers (decoded image pixels live there), so renderPdf also refuses PNGs above a
 * pixel count before decoding them (server/lib/pdf.ts). Jobs wait in a queue (FIFO) while all threads are busy.
 */
/** chunks a streamed job may send ahead of the reader's acknowledgements (a chunk is about ten pages) */
export const STREAM_WINDOW = 4;

export class PdfRenderError extends Error {
  constructor(
    readonly reason: 'crashed' | 'timeout' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'PdfRenderError';
  }
}

export type PdfRendererOptions = {
  threads?: number;
  timeoutMs?: number;
  maxOldGenerationSizeMb?: number;
  maxYoungGenerationSizeMb?: number;
  idleMs?: number;
};

export type PdfRenderer = {
  /** `timeoutMs` overrides the renderer's for this PDF */
  render: (model: PdfDocModel, options?: { timeoutMs?: number }) => Promise<Buffer>;
  /** certificates (server/lib/certificate-pdf.ts), one page each, in the same threads, streamed */
  streamCertificates: (model: CertificateDocModel, options?: { timeoutMs?: number }) => Promise<Readable>;
  /** ends every thread; jobs still waiting or running reject */
  close: () => Promise<void>;
};

type Job = {
  id: number;
  payload: PdfPayload;
  stream: boolean;
  timeoutMs: number;
  /** a streamed job's chunk: the slot stays busy */
  chunk: (slot: Slot, data: Buffer) => void;
  /** the whole PDF (`render`) or the end of a stream */
  finish: (pdf: Buffer | null) => void;
  fail: (err: PdfRenderError) => void;
};
type Slot = { worker: Worker; job: Job | null; timer?: NodeJS.Timeout; idle?: NodeJS.Timeout; dead: boolean };

const threadEntry = new URL('./pdf-thread.mjs', import.meta.url);

export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const threads = Math.max(1, options.threads ?? 2);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const idleMs = options.idleMs ?? 60_000;
  const resourceLimits = {
    maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? 256,
    maxYoungGenerationSizeMb: options.maxYoungGenerationSizeMb ?? 32,
  };
  const queue: Job[] = [];
  const slots = new Set<Slot>();
  let nextId = 1;
  let closed = false;

  /** the slot's job is over (answered, failed or timed out): the slot is free again, or gone if its thread is */
  function release(slot: Slot): Job | null {
    const job = slot.job;
    slot.job = null;
    clearTimeout(slot.timer);
    return job;
  }

  function kill(slot: Slot) {
    if (slot.dead) return;
    slot.dead = true;
    slots.delete(slot);
    clearTimeout(slot.idle);
    void slot.worker.terminate();
  }

  function spawn(): Slot {
    const worker = new Worker(threadEntry, { resourceLimits, name: 'pdf' });
    const slot: Slot = { worker, job: null, dead: false };
    worker.on('message', (answer: PdfAnswer) => {
      if (slot.job?.id !== answer.id) return;
      if ('chunk' in answer) {
        slot.job.chunk(slot, Buffer.from(answer.chunk));
        return;
      }
      const job = release(slot)!;
      if ('error' in answer) job.fail(new PdfRenderError('failed', answer.error));
      else job.finish('pdf' in answer ? Buffer.from(answer.pdf) : null);
      dispatch();
    });
    // an uncaught exception in the thread (pdfkit's zlib callback), its heap limit (ERR_WORKER_OUT_OF_MEMORY) or a
    // failed start: the thread is gone, its job fails, the next job gets a new thread
    worker.on('error', (err) => {
      kill(slot);
      release(slot)?.fail(new PdfRenderError('crashed', err.message));
      dispatch();
    });
    worker.on('exit', (code) => {
      kill(slot);
      release(slot)?.fail(new PdfRenderError('crashed', `the PDF thread ended (exit code ${code})`));
      dispatch();
    });
    slots.add(slot);
    return slot;
  }

  /** (re)starts the slot's timeout: from the start, or from a streamed job's last chunk sent or taken */
  function progressed(slot: Slot) {
    const job = slot.job!;
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      // a render that takes this long is stuck (or fed a pathological file): end the thread, fail the job
      release(slot);
      kill(slot);
      job.fail(new PdfRenderError('timeout', `the PDF took longer than ${job.timeoutMs} ms`));
      dispatch();
    }, job.timeoutMs);
  }

  /** a reader that stopped before the end: its thread is ended (it may be mid-page), the next job gets a new one */
  function abandon(job: Job) {
    const slot = [...slots].find((s) => s.job === job);
    if (!slot) return;
    release(slot);
    kill(slot);
    dispatch();
  }

  function dispatch() {
    while (!closed && queue.length > 0) {
      let slot = [...slots].find((s) => !s.job && !s.dead);
      if (!slot && slots.size < threads) slot = spawn();
      if (!slot) return;
      const job = queue.shift()!;
      slot.job = job;
      clearTimeout(slot.idle);
      slot.idle = undefined;
      slot.worker.ref();
      progressed(slot);
      slot.worker.postMessage({ id: job.id, stream: job.stream, ...job.payload } satisfies PdfJob);
    }
    // idle threads neither keep the process alive nor stay forever
    for (const s of slots) {
      if (s.job || s.idle) continue;
      s.worker.unref();
      s.idle = setTimeout(() => kill(s), idleMs);
      s.idle.unref();
    }
  }

  function enqueue(payload: PdfPayload, renderOptions?: { timeoutMs?: number }) {
    if (closed) return Promise.reject(new PdfRenderError('failed', 'the PDF renderer is closed'));
    return new Promise<Buffer>((resolve, reject) => {
      queue.push({
        id: nextId++,
        payload,
        stream: false,
        timeoutMs: renderOptions?.timeoutMs ?? timeoutMs,
        chunk: () => undefined,
        finish: (pdf) => resolve(pdf!),
        fail: reject,
      });
      dispatch();
    });
  }

  function enqueueStream(payload: PdfPayload, renderOptions?: { timeoutMs?: number }) {
    if (closed) return Promise.reject(new PdfRenderError('failed', 'the PDF renderer is closed'));
    return new Promise<Readable>((resolve, reject) => {
      let readable: Readable | null = null;
      let ended = false;
      /** acknowledgements held back while the reader's buffer is full */
      let owed = 0;
      let busy: Slot | null = null;
      const ack = (n: number) => {
        if (!busy || busy.job !== job || n === 0) return;
        progressed(busy);
        busy.worker.postMessage({ id: job.id, ack: n } satisfies PdfAck);
      };
      const job: Job = {
        id: nextId++,
        payload,
        stream: true,
        timeoutMs: renderOptions?.timeoutMs ?? timeoutMs,
        chunk: (slot, data) => {
          busy = slot;
          progressed(slot);
          if (!readable) {
            readable = new Readable({
              read: () => {
                ack(owed);
                owed = 0;
              },
            });
            readable.on('close', () => {
              if (!ended) abandon(job);
            });
            resolve(readable);
          }
          if (readable.push(data)) ack(1);
          else owed += 1;
        },
        finish: () => {
          ended = true;
          if (readable) readable.push(null);
          else resolve(Readable.from([]));
        },
        fail: (err) => {
          ended = true;
          if (readable) readable.destroy(err);
          else reject(err);
        },
      };
      queue.push(job);
      dispatch();
    });
  }

  return {
    render: (model, renderOptions) => enqueue({ model }, renderOptions),
    streamCertificates: (certificates, renderOptions) => enqueueStream({ certificates }, renderOptions),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.fail(new PdfRenderError('failed', 'the PDF renderer is closed'));
      const all = [...slots];
      for (const s of all) {
        release(s)?.fail(new PdfRenderError('failed', 'the PDF renderer is closed'));
        kill(s);
      }
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}
