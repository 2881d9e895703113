import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { queryRows, type Db, type DbHandle } from './client';

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

type JournalEntry = { idx: number; when: number; tag: string };
const readJournal = () =>
  (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;

/** "2026-11-28 14:03 UTC": the moment drizzle records for a migration (its journal `when`, the row's created_at) */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A database a newer release migrated: this code must not run on it (SPEC §10). */
export class DatabaseNewerError extends Error {
  constructor(
    readonly newestKnown: { tag: string; when: number },
    readonly newestFound: { when: number; hash: string; applied: number },
  ) {
    super(
      `Die Datenbank ist neuer als diese Version des Portals: Ihre neueste Migration stammt vom ${utc(newestFound.when)} ` +
        `(${newestFound.applied} Migrationen angewandt, Prüfsumme ${newestFound.hash.slice(0, 12)}), diese Version kennt nur ` +
        `Migrationen bis ${newestKnown.tag} vom ${utc(newestKnown.when)}. Das Portal startet nicht und hat nichts verändert. ` +
        'Starte die neuere Version, mit der die Datenbank zuletzt lief, oder spiele die Sicherung von vor dem Update ein.',
    );
    this.name = 'DatabaseNewerError';
  }
}

/**
 * Refuses a downgrade before anything is written: drizzle's migrator compares only the newest applied migration's
 * time with the shipped ones and silently applies nothing when the database is ahead, so an older release started
 * on a newer database and ran against tables it does not know. Called at start, before migrate().
 */
export async function refuseNewerDatabase(db: Db): Promise<void> {
  const [journalTable] = await queryRows<{ exists: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`);
  if (!journalTable?.exists) return; // a fresh database
  const rows = await queryRows<{ when: string | null; hash: string | null; applied: number }>(
    db,
    sql`select max(created_at)::text as "when", (array_agg(hash order by created_at desc))[1] as "hash", count(*)::int as "applied"
        from drizzle.__drizzle_migrations`,
  );
  const found = rows[0];
  if (!found?.when) return;
  const known = readJournal().reduce((a, b) => (b.when > a.when ? b : a));
  if (Number(found.when) > known.when)
    throw new DatabaseNewerError(known, { when: Number(found.when), hash: found.hash ?? '', applied: Number(found.applied) });
}

/**
 * How the database stands to the migrations this build ships (for /api/health): `applied` rows in drizzle's journal
 * table, `expected` entries in meta/_journal.json; current when the newest applied one is the newest shipped one.
 */
export async function migrationStatus(db: Db): Promise<{ applied: number; expected: number; current: boolean }> {
  const journal = { entries: readJournal() };
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
