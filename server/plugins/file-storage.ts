import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { localFileStorage, s3FileStorage, type FileStorage } from '../lib/file-storage';

/**
 * `app.fileStorage`: where uploads are put, read and deleted (server/lib/file-storage.ts has the API).
 * FILE_STORAGE=local (default) keeps them in DATA_DIR/uploads, FILE_STORAGE=s3 in the configured bucket; tests
 * pass their own (`buildApp({ fileStorage })`, buildTestApp gives a memory storage).
 */
declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
  }
}

export type FileStoragePluginOptions = {
  /** replaces what the configuration says (tests) */
  storage?: FileStorage;
};

export function fileStorageFromConfig(config: Pick<AppConfig, 'fileStorage' | 'dataDir'>): FileStorage {
  const c = config.fileStorage;
  if (c.kind === 's3') return s3FileStorage(c);
  return localFileStorage(path.resolve(config.dataDir, 'uploads'));
}

async function fileStoragePlugin(app: FastifyInstance, opts: FileStoragePluginOptions) {
  app.decorate('fileStorage', opts.storage ?? fileStorageFromConfig(app.appConfig));
}

export default fp(fileStoragePlugin, { name: 'file-storage', dependencies: ['db'] });
