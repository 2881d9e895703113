import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client';
import type { JobHeartbeats } from '../../lib/job-heartbeats';
import { documentationFiles } from './documentation.table';

/**
 * Crash safety of uploads (issue 25). An upload stores its file first and then inserts its row (files.service.ts), so
 * a row never points at missing bytes; a process killed between the two leaves a file without a row, and one killed
 * while writing leaves a temp file in `.tmp/`. This sweep removes both from the local storage (DATA_DIR/uploads):
 * at start, before the server reports ready, and every ten minutes. Only files older than `minAgeMs` (a minute) go:
 * younger ones may belong to an upload another process (same PostgreSQL, shared folder) is just finishing.
 * With FILE_STORAGE=s3 the bucket is not swept (set a lifecycle rule for stray objects there; docs/operations.md).
 */
export const ORPHAN_MIN_AGE_MS = 60_000;

export async function sweepOrphanedUploads(
  db: Db,
  uploadsDir: string,
  now = Date.now(),
  minAgeMs = ORPHAN_MIN_AGE_MS,
): Promise<{ removed: string[] }> {
  const root = path.resolve(uploadsDir);
  const removed: string[] = [];
  const candidates: { key: string; file: string }[] = [];
  const oldEnough = async (file: string) => {
    const stat = await fs.stat(file).catch(() => null);
    return stat !== null && stat.isFile() && stat.mtimeMs <= now - minAgeMs;
  };
  const walk = async (rel: string) => {
    const entries = await fs.readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(r);
      else if (e.isFile()) candidates.push({ key: r, file: path.join(root, ...r.split('/')) });
    }
  };
  await walk('documentation');
  // temp files of writes that never finished
  for (const name of await fs.readdir(path.join(root, '.tmp')).catch(() => [] as string[])) {
    const file = path.join(root, '.tmp', name);
    if (await oldEnough(file)) {
      await fs.rm(file, { force: true });
      removed.push(`.tmp/${name}`);
    }
  }
  if (candidates.length === 0) return { removed };
  // the rows are read after the listing: a file listed before its row committed is kept (it is young anyway)
  const keys = new Set((await db.select({ key: documentationFiles.storageKey }).from(documentationFiles)).map((r) => r.key));
  for (const c of candidates) {
    if (keys.has(c.key) || !(await oldEnough(c.file))) continue;
    await fs.rm(c.file, { force: true });
    removed.push(c.key);
  }
  return { removed };
}

/** the sweep at start and every `intervalMs`; `stop()` ends it (onClose) */
export function startOrphanSweep(
  db: Db,
  uploadsDir: string,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  opts: { intervalMs?: number; heartbeats?: JobHeartbeats } = {},
) {
  const intervalMs = opts.intervalMs ?? 600_000;
  // each sweep that went through is a heartbeat (/api/health's `checks.jobs`)
  const beat = opts.heartbeats?.register('orphaned-uploads', intervalMs);
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = sweepOrphanedUploads(db, uploadsDir).then(
      ({ removed }) => {
        if (removed.length > 0) log.info({ removed: removed.length }, 'orphaned upload files removed');
        beat?.();
      },
      (err: unknown) => log.error({ err }, 'orphaned upload sweep failed'),
    );
    return running;
  };
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return {
    first: sweep(),
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
