import { open, readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { isPdf, isZip, LegacyFileError, parseCsv, parseXlsx, type Sheet } from './legacy-file';
import { checkZip } from './zip-guard';

/**
 * Runs inside a parse thread (started by legacy-parse-pool.ts through legacy-parse-thread.mjs): reads one uploaded
 * file and answers its sheet, or the catalogue code of why it cannot. What the file is comes from its first bytes:
 * a ZIP is read as XLSX (after the bomb checks), a PDF is refused, anything else is read as CSV text.
 */
export type ParseJob = { path: string; fileName: string };
export type ParseAnswer = { sheet: Sheet } | { error: string; args: number[] };

const port = parentPort;
if (!port) throw new Error('legacy-parse-thread.ts runs only as a worker thread (see legacy-parse-pool.ts)');

async function head(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buf = Buffer.alloc(8);
    const { bytesRead } = await file.read(buf, 0, 8, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

async function parseFile({ path, fileName }: ParseJob): Promise<Sheet> {
  const start = await head(path);
  if (start.length === 0) throw new LegacyFileError('empty');
  if (isPdf(start)) throw new LegacyFileError('pdf');
  if (isZip(start)) {
    await checkZip(path);
    return parseXlsx(path);
  }
  if (/\.xlsx?$/i.test(fileName)) throw new LegacyFileError('not_xlsx');
  return parseCsv(await readFile(path));
}

const job = workerData as ParseJob;
parseFile(job).then(
  (sheet) => port.postMessage({ sheet } satisfies ParseAnswer),
  (err: unknown) =>
    port.postMessage(
      (err instanceof LegacyFileError ? { error: err.code, args: err.args } : { error: 'unreadable', args: [] }) satisfies ParseAnswer,
    ),
);
