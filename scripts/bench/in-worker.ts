import { Worker } from 'node:worker_threads';

/**
 * Runs a bench's load client (`./…-client.mjs` beside this file) in a worker thread, its own event loop, so the
 * server's latency is not measured through the client's work; answers the one message the client posts.
 */
export function inWorker<T>(file: string, workerData: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(file, import.meta.url), { workerData });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
