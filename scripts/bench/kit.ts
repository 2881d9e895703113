import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../../server/config';
import { openDb, type Db, type DbHandle } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { sessionQueries } from '../../server/modules/auth/sessions.queries';
import { createUser } from '../../server/testing/factories';
import { withThrowawayPg } from './throwaway-pg';

/**
 * The bench kit (issue 36): the one way a bench gets its world — a data folder of its own, the database (a throwaway
 * PostgreSQL database, or PGlite in the folder), migrated, a portal configuration for that folder — its logged-in
 * sessions, and the choice of driver; each bench keeps only its seed, its load and its figures.
 */

export type BenchDriver = 'pg' | 'pglite';

export type BenchWorld = {
  driver: BenchDriver;
  handle: DbHandle;
  db: Db;
  dataDir: string;
  /** the throwaway database's address (pg); undefined on PGlite */
  databaseUrl: string | undefined;
  /** the portal's configuration for this world: port 0, the world's data folder, admins without TOTP; `env` adds to it */
  config: (env?: Record<string, string>) => AppConfig;
};

/**
 * Runs `fn` in a new world on PostgreSQL at `databaseUrl` (else PGlite in the world's folder), migrated unless
 * `migrate: false` (a bench that times the migration itself); closes the database and removes the folder afterwards.
 */
export async function withBenchWorld<T>(
  name: string,
  databaseUrl: string | undefined,
  fn: (w: BenchWorld) => Promise<T>,
  opts: { migrate?: boolean } = {},
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `kita-bench-${name}-`));
  const handle = await openDb({ databaseUrl, dataDir: databaseUrl ? undefined : dataDir });
  try {
    if (opts.migrate !== false) await migrate(handle);
    return await fn({
      driver: databaseUrl ? 'pg' : 'pglite',
      handle,
      db: handle.db,
      dataDir,
      databaseUrl,
      config: (env = {}) => loadConfig({ PORT: '0', DATA_DIR: dataDir, ADMIN_TOTP: 'optional', ...env }),
    });
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** bytes as MB with one decimal, as the benches print memory */
export const mb = (bytes: number) => Number((bytes / 2 ** 20).toFixed(1));

/**
 * This process's RSS (the server, its worker threads and the bench's client) from a garbage collection on (when run
 * with --expose-gc), sampled every `everyMs` until `stop()`: where every bench's memory figures come from.
 */
export function rssSampler(everyMs = 5) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, everyMs);
  return {
    before,
    /** the peak so far */
    peak: () => peak,
    /** a new peak from here on, after a garbage collection (a step of its own within the run) */
    restart: () => {
      global.gc?.();
      peak = process.memoryUsage().rss;
    },
    /** ends the sampling; answers the peak, this moment included */
    stop: () => {
      clearInterval(timer);
      return sample();
    },
  };
}

/** a logged-in session of `userId`: its token (for a cookie of another name, as the compiled server's); it lasts longer than any bench */
export async function benchToken(db: Db, userId: number, userAgent = 'bench'): Promise<string> {
  const session = await sessionQueries({ db }).create(userId, { ip: '127.0.0.1', userAgent }, { idleMinutes: 600, maxHours: 24 });
  return session.token;
}

/** a logged-in session of `userId` as the cookie header a client of the development server sends */
export const benchCookie = async (db: Db, userId: number, userAgent = 'bench') => `kita_session=${await benchToken(db, userId, userAgent)}`;

/** a new admin account, logged in: its cookie */
export async function benchAdminCookie(db: Db, userAgent = 'bench'): Promise<string> {
  const admin = await createUser(db, { isAdmin: true });
  return benchCookie(db, admin.id, userAgent);
}

/**
 * The driver loop: runs `bench` in a world on the drivers BENCH_DRIVER names (`pg`, `pglite`, or `both`; `fallback`
 * when unset) and prints each result as one JSON line (a bench that prints its own lines answers undefined). Without a
 * reachable PostgreSQL its run is skipped with a message and the exit code is 1.
 */
export async function runBench<T>(
  name: string,
  bench: (w: BenchWorld) => Promise<T>,
  opts: { fallback?: BenchDriver | 'both'; migrate?: boolean } = {},
): Promise<void> {
  const chosen = process.env.BENCH_DRIVER ?? opts.fallback ?? 'pg';
  const drivers: BenchDriver[] = chosen === 'both' ? ['pglite', 'pg'] : chosen === 'pglite' ? ['pglite'] : ['pg'];
  for (const driver of drivers) {
    const result =
      driver === 'pglite'
        ? await withBenchWorld(name, undefined, bench, opts)
        : await withThrowawayPg((url) => withBenchWorld(name, url, bench, opts));
    if (result === null) process.exitCode = 1;
    else if (result !== undefined) console.log(JSON.stringify(result));
  }
}
