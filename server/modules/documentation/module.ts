import path from 'node:path';
import { serverModule } from '../../lib/server-module';
import { adminDocumentationRoutes } from './admin-documentation.routes';
import { documentationRoutes } from './documentation.routes';
import { startOrphanSweep } from './orphan-sweep';

export default serverModule(async (app, { options, heartbeats }) => {
  await app.register(documentationRoutes);
  await app.register(adminDocumentationRoutes);
  // issue 25: files a crash left without their row (local storage only; orphan-sweep.ts)
  if (options.jobs?.orphanedUploads && app.appConfig.fileStorage.kind === 'local' && !options.fileStorage) {
    let sweep: ReturnType<typeof startOrphanSweep> | undefined;
    app.addHook('onReady', async () => {
      sweep = startOrphanSweep(app.db, path.resolve(app.appConfig.dataDir, 'uploads'), app.log.child({ module: 'orphaned-uploads' }), { heartbeats });
      await sweep.first;
    });
    app.addHook('onClose', async () => sweep?.stop());
  }
});
