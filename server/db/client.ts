import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { CompiledStatement } from './compiled-sql';
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
    pools.set(db, { pool, onQuery });
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

// the pool behind a PostgreSQL handle, for `pipelinedTransaction`
type PoolEntry = { pool: pg.Pool; onQuery: ((query: string) => void) | undefined };
const pools = new WeakMap<Db, PoolEntry>();

/** what a step of a pipelined transaction answers: the rows of each of its statements */
export type PipelineStep = { rows: Record<string, unknown>[] }[];

export type Pipeline = {
  /**
   * Statements as text (`inlineSql`: values written in as literals) sent to PostgreSQL in one message of the simple
   * protocol, each with a snapshot of its own (READ COMMITTED); `commit`: the message ends the transaction.
   */
  send: (statements: (string | CompiledStatement)[], opts?: { commit?: boolean }) => Promise<PipelineStep>;
  /** drizzle on the same connection and transaction, for a step that is not worth a round trip saved */
  db: () => DbOrTx;
};

/**
 * A transaction of a hot path in as few round trips as the simple protocol allows (issue 36,
 * docs/decisions/0043-one-booking-two-round-trips.md): BEGIN goes with the first step, COMMIT with the last
 * (`commit`); an error rolls back, and a transaction still open when `fn` returns commits. `fn` may run twice (a
 * prepared statement missing on the connection): it must do nothing outside the transaction. On PostgreSQL over one
 * pooled connection (pg's `client.query(text)`: without values it sends the simple protocol, which takes several
 * statements); on PGlite (one connection in this process: no round trip to save) statement by statement in drizzle's
 * transaction.
 */
export async function pipelinedTransaction<T>(db: Db, fn: (p: Pipeline) => Promise<T>): Promise<T> {
  const found = pools.get(db);
  if (!found) {
    return db.transaction(async (tx) =>
      fn({
        send: async (statements) => {
          const out: PipelineStep = [];
          for (const s of statements) out.push(await queryRowsOf(tx, sql.raw(typeof s === 'string' ? s : s.inline())));
          return out;
        },
        db: () => tx,
      }),
    );
  }
  try {
    return await pipelinedOnce(found, fn);
  } catch (err) {
    // a statement this connection had prepared is gone (a pooler in transaction mode between, a DISCARD ALL): the
    // connection was given up and nothing was committed; once more on another
    if (sqlState(err) !== '26000') throw err;
    return pipelinedOnce(found, fn);
  }
}

async function pipelinedOnce<T>(found: PoolEntry, fn: (p: Pipeline) => Promise<T>): Promise<T> {
  const client = await found.pool.connect();
  let open = false;
  let txDb: DbOrTx | null = null;
  const run = async (text: string): Promise<PipelineStep> => {
    found.onQuery?.(text);
    const res = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
    return (Array.isArray(res) ? res : [res]).map((r) => ({ rows: r.rows }));
  };
  let broken: Error | undefined;
  try {
    const result = await fn({
      send: async (statements, opts = {}) => {
        // the compiled statements this connection has not prepared yet: prepared first in the same message
        const prepared = preparedOn(client);
        const toPrepare = [
          ...new Map(statements.flatMap((s) => (typeof s !== 'string' && !prepared.has(s.name) ? [[s.name, s] as const] : []))).values(),
        ];
        const head = [...toPrepare.map((s) => s.prepare), ...(open ? [] : ['begin'])];
        open = true;
        const texts = statements.map((s) => (typeof s === 'string' ? s : s.execute));
        let step: PipelineStep;
        try {
          step = await run([...head, ...texts, ...(opts.commit ? ['commit'] : [])].join(';\n'));
        } catch (err) {
          // which of the PREPAREs ran is not known: the connection is not given back to the pool
          if (toPrepare.length) broken = err as Error;
          throw err;
        }
        for (const s of toPrepare) prepared.add(s.name);
        if (opts.commit) open = false;
        // the answers of the statements asked for, without those of PREPARE, BEGIN and COMMIT
        return step.slice(head.length, head.length + statements.length);
      },
      db: () => (txDb ??= onConnection(client)),
    });
    if (open) await run('commit');
    return result;
  } catch (err) {
    if (sqlState(err) === '26000') broken = err as Error;
    if (open && !broken) {
      try {
        await run('rollback');
      } catch (rollbackError) {
        broken = rollbackError as Error;
      }
    }
    throw err;
  } finally {
    // a connection whose rollback failed, or whose prepared statements are not what it knows, leaves the pool
    client.release(broken);
  }
}

// the compiled statements each pooled connection has prepared (compiled-sql.ts)
const preparedStatements = new WeakMap<pg.PoolClient, Set<string>>();
function preparedOn(client: pg.PoolClient): Set<string> {
  let names = preparedStatements.get(client);
  if (!names) preparedStatements.set(client, (names = new Set()));
  return names;
}

// drizzle on a pooled connection, made once per connection (the pool keeps its connections)
const onConnections = new WeakMap<pg.PoolClient, Db>();
function onConnection(client: pg.PoolClient): Db {
  let db = onConnections.get(client);
  if (!db) onConnections.set(client, (db = drizzlePg(client, { schema, casing: 'snake_case' }) as unknown as Db));
  return db;
}

const queryRowsOf = async (db: DbOrTx, q: SQL) => ({ rows: await queryRows<Record<string, unknown>>(db, q) });

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
