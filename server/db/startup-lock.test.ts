import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../modules/accounts/first-admin';
import { adminQuery, withDatabase } from '../testing/test-db-template';
import { openDb, queryRows, type DbHandle } from './client';
import { migrate, withStartupLock } from './migrate';

/**
 * Two processes starting at once on one empty PostgreSQL database (two instances, issue 25): without the start-up lock
 * the second one's migrations failed ("relation … already exists") and so did its first administrator (a duplicate
 * e-mail), and that process exited with 1. PostgreSQL only: PGlite allows one process per data directory.
 */
const adminUrl = process.env.DATABASE_URL;
const dbName = `kita_start_${randomBytes(6).toString('hex')}`;
const handles: DbHandle[] = [];

afterAll(async () => {
  for (const h of handles) await h.close();
  if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
});

describe.skipIf(!adminUrl)('the start-up lock (PostgreSQL; skipped without DATABASE_URL)', () => {
  it('given two processes starting at once on an empty database, both start, the migrations run once and one first admin exists', async () => {
    await adminQuery(adminUrl!, `create database ${dbName}`);
    const url = withDatabase(adminUrl!, dbName);
    const [a, b] = [await openDb({ databaseUrl: url }), await openDb({ databaseUrl: url })];
    handles.push(a, b);
    const created: unknown[] = [];
    const start = (h: DbHandle) =>
      withStartupLock(h, async () => {
        await migrate(h);
        const admin = await ensureFirstAdmin(h.db, { email: 'chefin@verband.example', password: 'Sehr-Geheim-2026' });
        if (admin) created.push(admin);
      });
    await Promise.all([start(a), start(b)]);

    const journal = JSON.parse(
      fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations', 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const [applied] = await queryRows<{ n: number }>(a.db, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied!.n).toBe(journal.entries.length);
    const admins = await queryRows<{ email: string }>(a.db, 'select email from users where is_admin');
    expect(admins).toEqual([{ email: 'chefin@verband.example' }]);
    expect(created).toHaveLength(1);
  });
});
