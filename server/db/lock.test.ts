import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, queryRows } from './client';
import { acquireDataDirLock, DataDirLockedError } from './lock';

const tmp: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-lock-'));
  tmp.push(dir);
  return path.join(dir, 'nested', 'data'); // parent folders do not exist yet
};
afterEach(() => {
  for (const dir of tmp.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const tsx = path.resolve('node_modules/.bin/tsx');
const clientPath = path.resolve('server/db/client.ts');

describe('PGlite single-process lock', () => {
  it('given a process holding the data dir, when a second process opens it, it fails at once with a clear message', async () => {
    const dataDir = tempDir();
    const handle = await openDb({ dataDir });
    try {
      const probe = path.join(path.dirname(path.dirname(dataDir)), 'probe.ts');
      fs.writeFileSync(
        probe,
        `import { openDb } from ${JSON.stringify(clientPath)};\n` +
          `openDb({ dataDir: ${JSON.stringify(dataDir)} }).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); });\n`,
      );
      const child = spawnSync(tsx, [probe], { encoding: 'utf8', timeout: 30_000 });
      // exit code 3 is the probe's own failure: a wait for the lock would end in spawnSync's timeout (status null)
      expect(child.status).toBe(3);
      expect(child.stderr).toContain(`already in use by process ${process.pid}`);
      expect(child.stderr).toContain('PGlite allows one process at a time');
    } finally {
      await handle.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
  });

  it('given a lock file of a live process, acquiring throws DataDirLockedError', async () => {
    const dataDir = tempDir();
    const sleeper = spawn('sleep', ['30']);
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'portal.lock'), String(sleeper.pid));
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    } finally {
      sleeper.kill();
    }
  });

  it('given a stale lock of a dead process, it is taken over and released again', async () => {
    const dataDir = tempDir();
    const dead = spawnSync('true').pid!; // has exited by now
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'portal.lock'), String(dead));
    const release = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
  });

  it('given a data dir whose parents do not exist, PGlite opens, keeps data across reopen', async () => {
    const dataDir = tempDir();
    const first = await openDb({ dataDir });
    await first.db.execute('create table t (x int)');
    await first.db.execute('insert into t values (42)');
    await first.close();
    const second = await openDb({ dataDir });
    expect(await queryRows(second.db, 'select x from t')).toEqual([{ x: 42 }]);
    await second.close();
  });
});
