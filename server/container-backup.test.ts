import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { verifyBackup } from './db/backup';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { packageRoot } from './lib/package-root';
import { buildServer } from './testing/built-server';
import { adminQuery, withDatabase } from './testing/test-db-template';

/**
 * Issue 39, "backups that keep running": compose.yaml's `backup` service runs, in the portal's image, the command it
 * names. The image holds the compiled server (build/server/, no sources, no tsx) and its runtime dependencies, so the
 * command must run from that build alone. Here: the command as compose.yaml gives it, with build/server/ the test's
 * build and /backups/ a temporary folder, against a migrated PostgreSQL database, with only the variables the image
 * and compose set. (The image's pg_dump 17 is Debian 13's package: checked statically by scripts/check-deploy.mjs.)
 */
const root = packageRoot(import.meta.url);
const adminUrl = process.env.DATABASE_URL;
const dbName = `kita_cbackup_${randomBytes(6).toString('hex')}`;
const databaseUrl = adminUrl ? withDatabase(adminUrl, dbName) : '';
let outDir: string;
let tmp: string;

beforeAll(async () => {
  if (!adminUrl) return;
  outDir = buildServer('test-container-backup');
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-cbackup-'));
  await adminQuery(adminUrl, `create database ${dbName}`);
  const handle = await openDb({ databaseUrl });
  await migrate(handle);
  await handle.close();
}, 120_000);

afterAll(async () => {
  if (!adminUrl) return;
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
  await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
});

describe.skipIf(!adminUrl)('the container backup (compose.yaml, service backup)', () => {
  it('given the compiled build only, when compose.yaml backup command runs against PostgreSQL, writes one complete archive into the /backups/ folder', async () => {
    const compose = YAML.parse(fs.readFileSync(path.join(root, 'compose.yaml'), 'utf8')) as {
      services: { backup: { command: string[] } };
    };
    const [node, script, ...args] = compose.services.backup.command;
    expect(node).toBe('node');
    expect(script).toMatch(/^build\/server\/[\w-]+\.mjs$/);
    const backups = path.join(tmp, 'backups');
    fs.mkdirSync(backups);
    const dataDir = path.join(tmp, 'data');
    fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'secrets'));

    const run = spawnSync(
      process.execPath,
      [path.join(outDir, path.basename(script!)), ...args.map((a) => (a === '/backups/' ? `${backups}/` : a))],
      {
        cwd: root,
        // the image's ENV and what compose passes: no tsx, no sources on the path the command takes
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          PUBLIC_URL: 'https://kita.example.org',
          DATABASE_URL: databaseUrl,
        },
        encoding: 'utf8',
      },
    );
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    const written = fs.readdirSync(backups);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^kita-portal-postgresql-.*\.backup\.tar$/);
    const { manifest } = await verifyBackup(path.join(backups, written[0]!));
    expect(manifest.kind).toBe('postgresql');
  });
});
