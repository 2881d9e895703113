import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { BuildAppOptions } from '../lib/server-module';
import { loadConfig, type AppConfig } from '../config';
import type { DbHandle } from '../db/client';
import { memoryTransport, type OutgoingMail } from '../modules/mail/transport';
import type { FileStorage } from '../lib/file-storage';
import { memoryFileStorage } from './memory-file-storage';
import { openTestDb } from './test-db';

export type TestApp = {
  app: FastifyInstance;
  handle: DbHandle;
  config: AppConfig;
  /** mails the worker sent (memory transport, unless `mail.transport` was given) */
  mails: OutgoingMail[];
  /**
   * where the app puts uploads: a fresh memory storage unless `fileStorage` was given (pass a memoryFileStorage() to
   * read its `files`) or `env` sets FILE_STORAGE (then the storage the configuration says, as in production)
   */
  fileStorage: FileStorage;
  /** sends every due mail now and waits for it */
  flushMail: () => Promise<void>;
  close: () => Promise<void>;
};

export const TEST_TOTP_KEY = Buffer.alloc(32, 7).toString('base64');

/** A fresh app on a fresh database; `env` overrides configuration like the process environment would. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    extraRoutes?: BuildAppOptions['extraRoutes'];
    distDir?: string;
    mail?: BuildAppOptions['mail'];
    handle?: DbHandle;
    /** pino options, e.g. `{ stream }` to read what the app logs */
    logger?: BuildAppOptions['logger'];
    /** default: a fresh memoryFileStorage(), so no test writes into ./data/uploads; none when `env` sets FILE_STORAGE */
    fileStorage?: FileStorage;
    /** background jobs to start (default: none but the mail worker) */
    jobs?: BuildAppOptions['jobs'];
    /** the jobs' heartbeat registry, e.g. one with a clock the test advances */
    heartbeats?: BuildAppOptions['heartbeats'];
  } = {},
): Promise<TestApp> {
  const handle = options.handle ?? (await openTestDb());
  const memory = memoryTransport();
  const fileStorage = options.fileStorage ?? (options.env?.FILE_STORAGE ? undefined : memoryFileStorage());
  // tests never read the developer's environment, only what they pass
  // a fixed TOTP key, so no test writes a key file into ./data
  const config = loadConfig({ ADMIN_TOTP: 'optional', TOTP_KEY: TEST_TOTP_KEY, ...options.env });
  const app = await buildApp({
    config,
    db: handle.db,
    extraRoutes: options.extraRoutes,
    logger: options.logger,
    distDir: options.distDir ?? '/nonexistent-dist',
    mail: { transport: memory, ...options.mail },
    fileStorage,
    jobs: options.jobs,
    heartbeats: options.heartbeats,
  });
  await app.ready();
  return {
    app,
    handle,
    config,
    fileStorage: app.fileStorage,
    mails: memory.sent,
    flushMail: () => app.mail.worker.drain(),
    close: async () => {
      await app.close();
      // a handle passed in belongs to the caller (restart tests build a second app on it)
      if (!options.handle) await handle.close();
    },
  };
}
