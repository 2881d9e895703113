import { serverModule } from '../../lib/server-module';
import { activeCampaignRoutes } from './active-campaign.routes';
import { startActiveCampaignJob, stopRuns } from './active-campaign.service';

export default serverModule(async (app, { options, heartbeats }) => {
  await app.register(activeCampaignRoutes, { runtime: options.activeCampaign });
  // a sync running in this process stops after its current request (resumed later from its cursor) before the database closes
  app.addHook('onClose', async () => stopRuns(app.db));
  if (options.jobs?.activeCampaign) {
    let job: ReturnType<typeof startActiveCampaignJob> | undefined;
    app.addHook('onReady', async () => {
      job = startActiveCampaignJob(
        app.db,
        { config: options.config, runtime: options.activeCampaign ?? {} },
        app.log.child({ module: 'activecampaign' }),
        {
          heartbeats,
        },
      );
    });
    app.addHook('onClose', async () => job?.stop());
  }
});
