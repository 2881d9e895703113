import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStorage } from '../lib/file-storage';
import { adminQuery, withDatabase } from '../testing/test-db-template';
import { BackupError, createBackup, restoreBackup, tableFingerprints, verifyBackup, type Manifest } from './backup';
import { openDb } from './client';
import { migrate } from './migrate';
import { seedDemo } from './seed-demo';

/**
 * Issue 25: a portal with the demo data and an upload, backed up and restored into a fresh target, is equal table by
 * table and file by file; damaged, cut-off or foreign backups are refused and change nothing. PGlite by default,
 * PostgreSQL when DATABASE_URL is set (both databases made here and dropped afterwards).
 */
const adminUrl = process.env.DATABASE_URL;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-backup-'));
const created: string[] = [];

async function freshDatabase(): Promise<string | undefined> {
  if (!adminUrl) return undefined;
  const name = `kita_backup_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  created.push(name);
  return withDatabase(adminUrl, name);
}

const configOf = (dataDir: string, databaseUrl: string | undefined) => ({ dataDir, databaseUrl, fileStorage: { kind: 'local' as const } });

/** every file below `dir` with its SHA-256 */
function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    const abs = path.join(dir, rel);
    if (!fs.existsSync(abs)) return;
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) walk(r);
      else
        out[r] = createHash('sha256')
          .update(fs.readFileSync(path.join(dir, r)))
          .digest('hex');
    }
  };
  walk('');
  return out;
}

async function fingerprints(dataDir: string, databaseUrl: string | undefined) {
  const handle = await openDb({ dataDir, databaseUrl });
  try {
    return await tableFingerprints(handle.db);
  } finally {
    await handle.close();
  }
}

const source = path.join(root, 'source');
let sourceUrl: string | undefined;
let archive: string;
let manifest: Manifest;
let before: Awaited<ReturnType<typeof tableFingerprints>>;

beforeAll(async () => {
  sourceUrl = await freshDatabase();
  const handle = await openDb({ dataDir: source, databaseUrl: sourceUrl });
  try {
    await migrate(handle);
    const storage = localFileStorage(path.join(source, 'uploads'));
    await seedDemo(handle.db, { password: 'Demo-Passwort-2026', fileStorage: storage });
    // one more upload, as the portal stores it, and the secrets folder
    await storage.put('documentation/1/1/0123456789abcdef0123456789abcdef', Buffer.from('%PDF-1.4 ein Bericht %%EOF'), {
      contentType: 'application/pdf',
      size: 26,
    });
    fs.mkdirSync(path.join(source, 'secrets'), { recursive: true });
    fs.writeFileSync(path.join(source, 'secrets', 'totp.key'), randomBytes(32).toString('base64'));
  } finally {
    await handle.close();
  }
  before = await fingerprints(source, sourceUrl);
  ({ file: archive, manifest } = await createBackup({ config: configOf(source, sourceUrl), out: root }));
}, 240_000);

afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
  for (const name of created) await adminQuery(adminUrl!, `drop database if exists ${name} with (force)`);
});

describe('npm run backup / npm run restore', () => {
  it('given a portal with demo data and uploads, writes one archive whose manifest lists every part with its checksum', () => {
    expect(manifest.kind).toBe(adminUrl ? 'postgresql' : 'pglite');
    expect(manifest.migrations.applied).toBeGreaterThan(0);
    const names = manifest.parts.map((p) => p.name);
    expect(names[0]).toMatch(/^database\//);
    expect(names).toContain('uploads/documentation/1/1/0123456789abcdef0123456789abcdef');
    expect(names).toContain('secrets/totp.key');
    expect(names.filter((n) => n.startsWith('uploads/')).length).toBeGreaterThan(1); // the demo photo too
    for (const p of manifest.parts) expect(p.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(before['public.users']!.rows).toBeGreaterThan(0);
  });

  it('given a fresh target, restores every table and every file equal to the original; a second time only with --force', async () => {
    const target = path.join(root, 'restored');
    const targetUrl = await freshDatabase();
    await restoreBackup({ config: configOf(target, targetUrl), archive });
    expect(await fingerprints(target, targetUrl)).toEqual(before);
    expect(filesOf(path.join(target, 'uploads'))).toEqual(filesOf(path.join(source, 'uploads')));
    expect(filesOf(path.join(target, 'secrets'))).toEqual(filesOf(path.join(source, 'secrets')));

    // the target is no longer fresh: refused without --force, nothing changed
    await expect(restoreBackup({ config: configOf(target, targetUrl), archive })).rejects.toThrow(
      /Das Ziel ist nicht leer.*Es wurde nichts verändert/s,
    );
  }, 240_000);

  it('given a cut-off, a changed or a foreign archive, refuses with the reason and changes nothing', async () => {
    const target = path.join(root, 'untouched');
    fs.mkdirSync(target);
    const config = configOf(target, adminUrl ? withDatabase(adminUrl, 'kita_backup_never_used') : undefined);

    const bytes = fs.readFileSync(archive);
    const cut = path.join(root, 'cut.tar');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expect(restoreBackup({ config, archive: cut })).rejects.toThrow(/unvollständig oder beschädigt.*Es wurde nichts verändert/s);

    // one byte of the database part changed: its checksum fails
    const changed = path.join(root, 'changed.tar');
    const copy = Buffer.from(bytes);
    copy[512 + 100] = copy[512 + 100]! ^ 0xff;
    fs.writeFileSync(changed, copy);
    await expect(verifyBackup(changed)).rejects.toThrow(/Prüfsumme von database\/.* stimmt nicht/);

    // the other kind: a PGlite backup into PostgreSQL or the other way round
    const otherKind = adminUrl ? configOf(target, undefined) : configOf(target, 'postgres://nobody@127.0.0.1:1/nothing');
    await expect(restoreBackup({ config: otherKind, archive })).rejects.toThrow(BackupError);
    await expect(restoreBackup({ config: otherKind, archive })).rejects.toThrow(/Diese Sicherung stammt aus .*Es wurde nichts verändert/s);

    expect(fs.readdirSync(target)).toEqual([]);
  });

  it.skipIf(adminUrl)(
    'given the embedded database in use by a running portal, refuses to back up and says to stop the portal first',
    async () => {
      const handle = await openDb({ dataDir: source });
      try {
        await expect(createBackup({ config: configOf(source, undefined), out: path.join(root, 'while-running.tar') })).rejects.toThrow(
          /Das Portal läuft noch.*halte das Portal an.*stop the portal first/s,
        );
        expect(fs.existsSync(path.join(root, 'while-running.tar'))).toBe(false);
        expect(fs.existsSync(path.join(root, 'while-running.tar.part'))).toBe(false);
      } finally {
        await handle.close();
      }
    },
    120_000,
  );
});
