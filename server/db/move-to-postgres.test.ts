import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localFileStorage } from '../lib/file-storage';
import { adminQuery, withDatabase } from '../testing/test-db-template';
import { tableFingerprints } from './backup';
import { openDb, queryRows } from './client';
import { migrate } from './migrate';
import { moveToPostgres } from './move-to-postgres';
import { seedDemo } from './seed-demo';

/**
 * Issue 25: an embedded installation (a PGlite data directory with the demo data) moved into a fresh PostgreSQL
 * database holds the same rows, table by table; the ids continue after the copied ones. Needs a PostgreSQL server,
 * so it runs in the PostgreSQL run (DATABASE_URL set).
 */
const adminUrl = process.env.DATABASE_URL;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-move-'));
const created: string[] = [];

afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
  for (const name of created) await adminQuery(adminUrl!, `drop database if exists ${name} with (force)`);
});

describe.skipIf(!adminUrl)('npm run db:move-to-postgres', () => {
  it('given a PGlite data directory with the demo data, copies every row into an empty PostgreSQL database and refuses a non-empty one', async () => {
    const dataDir = path.join(root, 'data');
    const source = await openDb({ dataDir });
    try {
      await migrate(source);
      await seedDemo(source.db, { password: 'Demo-Passwort-2026', fileStorage: localFileStorage(path.join(dataDir, 'uploads')) });
    } finally {
      await source.close();
    }
    const name = `kita_move_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl!, `create database ${name}`);
    created.push(name);
    const url = withDatabase(adminUrl!, name);

    const result = await moveToPostgres({ dataDir, databaseUrl: url });
    expect(result.rows).toBeGreaterThan(0);

    const s = await openDb({ dataDir });
    const t = await openDb({ databaseUrl: url });
    try {
      const before = await tableFingerprints(s.db, ['public']);
      expect(await tableFingerprints(t.db, ['public'])).toEqual(before);
      expect(before['public.users']!.rows).toBeGreaterThan(0);
      // the identities continue after the copied ids: a new season gets a fresh one
      const [last] = await queryRows<{ max: number }>(t.db, 'select max(id)::int as max from seasons');
      const [created] = await queryRows<{ id: number }>(t.db, "insert into seasons (identifier, label) values ('2099-00', 'Test') returning id");
      expect(created!.id).toBeGreaterThan(last!.max);
    } finally {
      await s.close();
      await t.close();
    }

    await expect(moveToPostgres({ dataDir, databaseUrl: url })).rejects.toThrow(/Die Ziel-Datenbank ist nicht leer.*Es wurde nichts verändert/s);
  }, 300_000);
});
