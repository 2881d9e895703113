import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './lock';
import { schema } from './schema';

type Schema = typeof schema;
/** One type for both drivers, so repositories never care which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type DbHandle = {
  db: Db;
  driver: 'pglite' | 'pg';
  close: () => Promise<void>;
};

export type OpenDbOptions = {
  databaseUrl?: string | undefined;
  /** directory for the embedded database; undefined means in memory (tests) */
  dataDir?: string | undefined;
  /** in-memory PGlite only: start from this `dumpDataDir()` tarball instead of an empty cluster (tests) */
  loadDataDir?: Blob | undefined;
  /** called with every statement drizzle sends (tests count queries per request) */
  onQuery?: ((query: string) => void) | undefined;
  /** where a lost PostgreSQL connection is reported (server/index.ts: the process's JSON log); default: stderr */
  log?: { warn: (obj: Record<string, unknown>, msg: string) => void } | undefined;
};

// pg_trgm (duplicate check of new KiTas) ships with PGlite as a contrib extension; PostgreSQL has it built in
const extensions = { pg_trgm };

export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  const onQuery = options.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // an idle connection killed by the server (restart, failover, DROP DATABASE … WITH (FORCE) in tests) emits
    // 'error' on the pool; unhandled, that would crash the process. The pool replaces the connection itself.
    pool.on('error', (err) =>
      options.log ? options.log.warn({ err }, 'PostgreSQL connection lost') : console.warn(`PostgreSQL connection lost: ${err.message}`),
    );
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Db;
    return { db, driver: 'pg', close: () => pool.end() };
  }
  if (!options.dataDir) {
    const client = await PGlite.create({ extensions, loadDataDir: options.loadDataDir });
    const db = drizzlePglite(client, { schema, casing: 'snake_case', logger }) as unknown as Db;
    return { db, driver: 'pglite', close: () => client.close() };
  }
  const dir = path.resolve(options.dataDir);
  const release = acquireDataDirLock(dir);
  try {
    // PGlite does not create parent folders; the lock above created `dir`
    const client = await PGlite.create(path.join(dir, 'pglite'), { extensions });
    const db = drizzlePglite(client, { schema, casing: 'snake_case', logger }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** Drizzle wraps driver errors; the SQLSTATE sits on the cause. */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Raw SQL for the rare case the query builder does not cover; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL | string): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
