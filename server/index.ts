import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { migrate, withStartupLock } from './db/migrate';
import { installCrashHandlers } from './lib/run-context';
import { ensureFirstAdmin } from './modules/accounts/first-admin';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  // e.g. NODE_ENV=production without an https PUBLIC_URL: the reason, not a stack trace
  console.error((err as Error).message);
  process.exit(1);
}
const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
// several processes may start at once on one PostgreSQL: they migrate and create the first admin one after the other
await withStartupLock(handle, async () => {
  await migrate(handle);
  await ensureFirstAdmin(handle.db, { email: config.adminEmail, password: config.adminPassword, print: (l) => console.log(l) });
});

const app = await buildApp({
  config,
  db: handle.db,
  // bodies are never logged; buildApp adds the redaction paths and the error serializer (server/lib/logger.ts)
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  // the programme's reminder mails; safe with several processes on one PostgreSQL (FOR UPDATE SKIP LOCKED)
  // and the sweep of upload files a crash left without their row (local storage)
  jobs: { reminders: true, activeCampaign: true, orphanedUploads: true },
});

// an uncaught exception or unhandled rejection is logged with the request or job it belonged to, then the process
// exits with code 1: a supervisor (systemd, Docker's restart policy) starts a fresh one
installCrashHandlers({ log: app.log });

let closing = false;
/**
 * SIGTERM (docker stop, systemd, a deployment) and SIGINT (Ctrl+C): /api/health?ready answers 503 at once so a load
 * balancer sends new traffic elsewhere; the server stops accepting connections, closes idle keep-alive ones (and
 * each one whose answer was still going out, once it is out: buildApp's onResponse hook) and answers every request in
 * flight; then the jobs stop (mail worker, reminders: onClose hooks), the PDF threads end
 * and the database pool closes; exit 0. Whatever still hangs after SHUTDOWN_TIMEOUT_SECONDS ends with exit 1.
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
console.log(`KiTa-Portal listening on ${config.publicUrl} (${handle.driver === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
