import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { AppConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    appConfig: AppConfig;
  }
}

/** The handle is opened by the caller (index.ts or the test helper), which also closes it. */
async function dbPlugin(app: FastifyInstance, opts: { db: Db; config: AppConfig }) {
  app.decorate('db', opts.db);
  app.decorate('appConfig', opts.config);
}

export default fp(dbPlugin, { name: 'db' });
