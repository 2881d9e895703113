import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDb } from './db/client';
import { DatabaseNewerError, migrate, refuseNewerDatabase, withStartupLock } from './db/migrate';
import { drainConnections } from './lib/lifecycle';
import { createLogger } from './lib/logger';
import { installCrashHandlers } from './lib/run-context';
import { ensureFirstAdmin, handOverFirstAdmin } from './modules/accounts/first-admin';

// SPEC §10: one JSON object per line on stdout from the first line on; buildApp's Fastify logs through it too
const log = createLogger({ level: process.env.LOG_LEVEL ?? 'info' });

// an uncaught exception or unhandled rejection is logged with the request or job it belonged to, then the process
// exits with code 1: a supervisor (systemd, Docker's restart policy) starts a fresh one
installCrashHandlers({ log });

/** a start that cannot go on: the reason as one JSON line (German where a person must act), exit 1 */
function refuse(err: unknown, fields: Record<string, unknown> = {}): never {
  log.fatal(fields, err instanceof Error ? err.message : String(err));
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  // e.g. a DATABASE_URL whose password holds an unescaped `/`: which variable and what it must look like, no stack
  refuse(err, err instanceof ConfigError ? { variables: err.problems.map((p) => p.variable) } : {});
}
const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log }).catch((err: Error) => refuse(err));
// several processes may start at once on one PostgreSQL: they migrate and create the first admin one after the other
try {
  const firstAdmin = await withStartupLock(handle, async () => {
    // an older release on a database a newer one migrated: refused before anything is written (SPEC §10)
    await refuseNewerDatabase(handle.db);
    await migrate(handle);
    return ensureFirstAdmin(handle.db, { email: config.adminEmail, password: config.adminPassword });
  });
  handOverFirstAdmin(firstAdmin, { dataDir: config.dataDir, log, terminal: process.stdout });
} catch (err) {
  await handle.close();
  if (err instanceof DatabaseNewerError)
    refuse(err, { newestKnownMigration: err.newestKnown.tag, newestFoundMigrationAt: new Date(err.newestFound.when).toISOString() });
  // a failed migration: what failed, in the log's error form (no parameters of the statement)
  refuse('start-up failed: the migrations or the first administrator could not be written', { err });
}

const app = await buildApp({
  config,
  db: handle.db,
  // bodies are never logged; the logger carries the redaction paths and the error serializer (server/lib/logger.ts)
  loggerInstance: log,
  // the programme's reminder mails; safe with several processes on one PostgreSQL (FOR UPDATE SKIP LOCKED)
  // and the sweep of upload files a crash left without their row (local storage)
  jobs: { reminders: true, activeCampaign: true, orphanedUploads: true, retention: true },
});

let closing = false;
/**
 * SIGTERM (docker stop, systemd, a deployment) and SIGINT (Ctrl+C): /api/health?ready answers 503 at once so a load
 * balancer sends new traffic elsewhere, and every answer from then on says `Connection: close`. On SIGTERM the server
 * first stops accepting connections and waits up to 3 s for its clients to close the open ones (drainConnections: a
 * load balancer may be sending its next request into an idle one); Ctrl+C, a person at the terminal, skips that. Then
 * the app closes: the idle keep-alive connections left are closed (and each one whose answer was still going out, once
 * it is out: buildApp's onResponse hook), every request in flight is answered, the jobs stop (mail worker, reminders:
 * onClose hooks), the PDF threads end and the database pool closes; exit 0. Whatever still hangs after
 * SHUTDOWN_TIMEOUT_SECONDS ends with exit 1.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.lifecycle.stopping();
  app.log.info({ signal }, 'shutting down');
  // a hung close must not keep the PGlite lock forever
  const force = setTimeout(() => {
    app.log.error({ timeoutSeconds: config.shutdownTimeoutSeconds }, 'shutdown took too long, exiting');
    process.exit(1);
  }, config.shutdownTimeoutSeconds * 1000);
  force.unref();
  try {
    if (signal === 'SIGTERM') await drainConnections(app.server);
    await app.close();
  } finally {
    await handle.close();
    app.log.info('shut down');
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    publicUrl: config.publicUrl,
    database: handle.driver === 'pg' ? 'PostgreSQL' : 'PGlite',
    ...(handle.driver === 'pglite' ? { dataDir: config.dataDir } : {}),
  },
  'KiTa-Portal listening',
);
