import { serverModule } from '../../lib/server-module';
import { startRetentionJob } from './retention.job';
import { retentionRoutes } from './retention.routes';

/** issue 38, SPEC §9: the retention rules' routes and their nightly run (retention.job.ts) */
export default serverModule(async (app, { options, heartbeats }) => {
  await app.register(retentionRoutes);
  if (options.jobs?.retention) {
    let job: ReturnType<typeof startRetentionJob> | undefined;
    app.addHook('onReady', async () => {
      const log = app.log.child({ module: 'retention' });
      job = startRetentionJob(
        {
          db: app.db,
          config: app.appConfig,
          storage: app.fileStorage,
          log: (err) => log.warn({ err }, 'retention: a stored file could not be deleted'),
        },
        log,
        { heartbeats },
      );
    });
    app.addHook('onClose', async () => job?.stop());
  }
});
