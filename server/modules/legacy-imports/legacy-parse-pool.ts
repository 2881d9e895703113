import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { LegacyFileError, type LegacyFileErrorCode, type Sheet } from './legacy-file';
import type { ParseAnswer, ParseJob } from './legacy-parse-thread';

/**
 * An uploaded legacy file is read in a worker thread of its own (CONVENTIONS 17, like server/lib/pdf-pool.ts): the
 * decoding of a 10 MB CSV or the inflating of an XLSX takes a second of CPU that the request thread keeps for
 * everyone else, and a hostile file that exhausts the thread's heap (its limit below) or hangs (the timeout) ends
 * the thread, never the server. Imports are rare (a few a year), so each file gets a fresh thread, ended after.
 *
 * `parseEvents` says when a parse starts and ends ('start'/'end' with the file name): the test that proves the
 * portal keeps answering while a file is read waits for 'start' instead of sleeping.
 */
export const parseEvents = new EventEmitter();

const threadEntry = new URL('./legacy-parse-thread.mjs', import.meta.url);
const PARSE_LIMITS = { timeoutMs: 60_000, maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 } as const;

export function parseInThread(job: ParseJob): Promise<Sheet> {
  parseEvents.emit('start', job.fileName);
  return new Promise<Sheet>((resolve, reject) => {
    const worker = new Worker(threadEntry, {
      workerData: job,
      name: 'legacy-parse',
      resourceLimits: {
        maxOldGenerationSizeMb: PARSE_LIMITS.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: PARSE_LIMITS.maxYoungGenerationSizeMb,
      },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      parseEvents.emit('end', job.fileName);
      fn();
    };
    const timer = setTimeout(() => settle(() => reject(new LegacyFileError('unreadable'))), PARSE_LIMITS.timeoutMs);
    worker.on('message', (answer: ParseAnswer) =>
      settle(() => ('sheet' in answer ? resolve(answer.sheet) : reject(new LegacyFileError(answer.error as LegacyFileErrorCode, answer.args)))),
    );
    // its heap limit or an uncaught exception: the file is too much for us, the server goes on
    worker.on('error', () => settle(() => reject(new LegacyFileError('unreadable'))));
    worker.on('exit', () => settle(() => reject(new LegacyFileError('unreadable'))));
  });
}
