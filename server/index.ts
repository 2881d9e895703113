import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { installCrashHandlers } from './lib/run-context';
import { ensureFirstAdmin } from './modules/accounts/first-admin';

const config = loadConfig();
const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
await migrate(handle);
await ensureFirstAdmin(handle.db, { email: config.adminEmail, password: config.adminPassword, print: (l) => console.log(l) });

const app = await buildApp({
  config,
  db: handle.db,
  // bodies are never logged; buildApp adds the redaction paths and the error serializer (server/lib/logger.ts)
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  // the programme's reminder mails; safe with several processes on one PostgreSQL (FOR UPDATE SKIP LOCKED)
  jobs: { reminders: true, activeCampaign: true },
});

// an uncaught exception or unhandled rejection is logged with the request or job it belonged to, then the process
// exits with code 1: a supervisor (systemd, Docker's restart policy) starts a fresh one
installCrashHandlers({ log: app.log });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // a hung close must not keep the PGlite lock forever
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
  } finally {
    await handle.close();
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
console.log(`KiTa-Portal listening on ${config.publicUrl} (${handle.driver === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
