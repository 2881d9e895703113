import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbHandle } from './client';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the committed drizzle-kit migrations; each driver has its own migrator. */
export async function migrate(handle: DbHandle): Promise<void> {
  if (handle.driver === 'pg') {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  } else {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  }
}

/**
 * Runs `fn` (the start's migrations and first administrator) while holding the portal's start-up lock: on PostgreSQL a
 * session advisory lock on a connection of its own, so processes that start at once on one database (two instances,
 * a deployment restarting both) take turns. Without it the second one's drizzle migrator, which reads what is applied
 * before it takes any lock, ran the same migrations again and failed (or, for a migration that only inserts data,
 * could apply it twice), and both created the first administrator: the second process exited with 1. PGlite allows
 * one process per data directory (its own lock), so `fn` just runs.
 */
export async function withStartupLock<T>(handle: DbHandle, fn: () => Promise<T>): Promise<T> {
  if (handle.driver !== 'pg') return fn();
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('kita-portal start-up'))`);
    try {
      return await fn();
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('kita-portal start-up'))`);
    }
  } finally {
    client.release();
  }
}

/**
 * How the database stands to the migrations this build ships (for /api/health): `applied` rows in drizzle's journal
 * table, `expected` entries in meta/_journal.json; current when the newest applied one is the newest shipped one.
 */
export async function migrationStatus(db: Db): Promise<{ applied: number; expected: number; current: boolean }> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const newestShipped = Math.max(...journal.entries.map((e) => e.when));
  const res = (await db.execute(
    sql`select count(*)::int as "applied", max(created_at)::text as "newest" from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: { applied: number; newest: string | null }[];
  };
  const row = res.rows[0];
  const applied = Number(row?.applied ?? 0);
  return { applied, expected: journal.entries.length, current: row?.newest != null && Number(row.newest) >= newestShipped };
}
