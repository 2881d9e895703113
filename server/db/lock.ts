import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one PostgreSQL in this process; a second process on the same files corrupts them.
 * A lock file with our pid makes the second one fail at once; a lock of a dead pid is stale and taken over.
 */
export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database in ${dir} is already in use by process ${pid}. ` +
        'PGlite allows one process at a time: stop the running portal (or seed) first, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'portal.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // 'wx' fails when the file exists, so two processes racing cannot both win
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dir, pid);
      }
      if (pid === process.pid) throw new DataDirLockedError(dir, pid);
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock ${file}.`);
}
