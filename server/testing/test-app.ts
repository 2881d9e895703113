import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { DbHandle } from '../db/client';
import { openTestDb } from './test-db';

export type TestApp = { app: FastifyInstance; handle: DbHandle; config: AppConfig; close: () => Promise<void> };

/** A fresh app on a fresh database; `env` overrides configuration like the process environment would. */
export async function buildTestApp(
  options: { env?: Record<string, string>; extraRoutes?: BuildAppOptions['extraRoutes']; distDir?: string } = {},
): Promise<TestApp> {
  const handle = await openTestDb();
  // tests never read the developer's environment, only what they pass
  const config = loadConfig({ ADMIN_TOTP: 'optional', ...options.env });
  const app = await buildApp({
    config,
    db: handle.db,
    extraRoutes: options.extraRoutes,
    distDir: options.distDir ?? '/nonexistent-dist',
  });
  await app.ready();
  return {
    app,
    handle,
    config,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
