import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, queryRows } from './db/client';
import { migrate } from './db/migrate';
import { packageRoot } from './lib/package-root';
import { FIRST_ADMIN_PASSWORD_FILE } from './modules/accounts/first-admin';
import { buildServer, startBuiltServer } from './testing/built-server';

/**
 * Issue 39, "logs a machine can read": the compiled server in its own process, as systemd runs it (stdout a pipe,
 * no terminal). Every line it writes on stdout is one JSON object, from the first to the last, also when it refuses
 * to start; the first admin's generated password is never in it; a failed login is a `warn` security event.
 */
const rootDir = packageRoot(import.meta.url);
let outDir: string;
const dataDirs: string[] = [];
/** a process of its own opens PGlite and migrates: seconds when idle, far more on a busy two-core machine */
const timeout = 180_000;
const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-log-'));
  dataDirs.push(dir);
  return dir;
};

beforeAll(() => {
  outDir = buildServer('test-process-log');
});
afterAll(() => {
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

type Line = Record<string, unknown> & { level: number; msg: string };
/** every line of stdout as JSON: JSON.parse throws on the first line that is not */
const jsonLines = (stdout: string): Line[] =>
  stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Line);

/** a start that is expected to end by itself: its exit code and both streams */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [path.join(outDir, 'index.mjs')], {
    cwd: rootDir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PUBLIC_URL: 'https://kita.example.org', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('the log of a whole run', () => {
  it(
    'given a start without ADMIN_PASSWORD, a failed and a right login and a stop, every stdout line is JSON, the password is in an owner-only file and nowhere in the log, the failed login is a warn event with userId and ip',
    async () => {
      const dataDir = tempDataDir();
      const s = await startBuiltServer(outDir, { DATA_DIR: dataDir, ADMIN_TOTP: 'optional' });
      let code: number | null;
      let password: string;
      try {
        const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
        expect(fs.statSync(file).mode & 0o777).toBe(0o600);
        password = /Passwort: (\S+)/.exec(fs.readFileSync(file, 'utf8'))![1]!;
        const login = (pw: string) =>
          fetch(`${s.url}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'admin@kita-portal.local', password: pw }),
          });
        expect((await login('falsch-falsch-falsch')).status).toBe(401);
        expect((await login(password)).status).toBe(200);
      } finally {
        s.child.kill('SIGTERM');
        code = await s.exited;
      }
      expect(code).toBe(0);
      // journalctl -o cat | jq: stdout holds nothing but JSON, stderr nothing at all
      const lines = jsonLines(s.stdout());
      expect(s.stderr()).toBe('');
      expect(s.stdout()).not.toContain(password);
      // no e-mail address at info (nor anywhere: the failed login names the account by its id)
      expect(s.stdout()).not.toContain('admin@kita-portal.local');

      const created = lines.find((l) => l.msg.startsWith('first administrator created'))!;
      expect(created).toMatchObject({ level: 30, passwordFile: path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE), userId: expect.any(Number) });
      expect(lines.find((l) => l.msg === 'KiTa-Portal listening')).toMatchObject({
        level: 30,
        publicUrl: 'https://kita.example.org',
        database: 'PGlite',
      });
      const failed = lines.filter((l) => l.securityEvent === 'login.failed');
      expect(failed).toEqual([
        expect.objectContaining({
          level: 40,
          msg: 'login failed',
          userId: created.userId,
          ip: '127.0.0.1',
          factor: 'password',
          reqId: expect.any(String),
        }),
      ]);
      expect(lines.at(-1)!.msg).toBe('shut down');
    },
    timeout,
  );
});

describe('a start that is refused', () => {
  it(
    'given a database a newer release migrated, refuses in German naming both migrations, as one JSON line, exits 1 and writes nothing',
    async () => {
      const dataDir = tempDataDir();
      const journal = JSON.parse(fs.readFileSync(path.join(rootDir, 'server', 'db', 'migrations', 'meta', '_journal.json'), 'utf8')) as {
        entries: { tag: string; when: number }[];
      };
      const newest = journal.entries.at(-1)!;
      const future = newest.when + 86_400_000;
      let handle = await openDb({ dataDir });
      try {
        await migrate(handle);
        // what a newer release's migration leaves in drizzle's journal
        await handle.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${'f'.repeat(64)}, ${future})`);
      } finally {
        await handle.close();
      }

      const run = await runToExit({ DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('');
      const lines = jsonLines(run.stdout);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 60, newestKnownMigration: newest.tag, newestFoundMigrationAt: new Date(future).toISOString() });
      expect(lines[0]!.msg).toMatch(/^Die Datenbank ist neuer als diese Version des Portals: /);
      expect(lines[0]!.msg).toContain(`diese Version kennt nur Migrationen bis ${newest.tag}`);
      expect(lines[0]!.msg).toContain(`Ihre neueste Migration stammt vom ${new Date(future).toISOString().slice(0, 16).replace('T', ' ')} UTC`);

      // nothing written: no first administrator, no migration, no password file
      handle = await openDb({ dataDir });
      try {
        expect(await queryRows(handle.db, 'select id from users')).toEqual([]);
        const [rows] = await queryRows<{ n: number }>(handle.db, 'select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(rows!.n).toBe(journal.entries.length + 1);
      } finally {
        await handle.close();
      }
      expect(fs.existsSync(path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE))).toBe(false);
    },
    timeout,
  );

  it(
    'given a DATABASE_URL whose password holds an unescaped /, says in German which variable is malformed as one JSON line and exits 1',
    async () => {
      const run = await runToExit({ DATA_DIR: tempDataDir(), DATABASE_URL: 'postgres://kita:Xy7/geheim@db:5432/kita' });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('');
      const lines = jsonLines(run.stdout);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 60, variables: ['DATABASE_URL'] });
      expect(lines[0]!.msg).toContain('DATABASE_URL: ungültig – erwartet: eine PostgreSQL-Adresse');
      expect(run.stdout).not.toMatch(/geheim|Invalid URL|TypeError|\s+at /);
    },
    timeout,
  );
});
