import { serverModule } from '../../lib/server-module';
import { healthRoutes } from './health.routes';

/** /api/metrics (metrics.ts) is registered by server/app.ts before every other route: it counts them all */
export default serverModule(async (app, { lifecycle, buildInfo }) => {
  await app.register(healthRoutes, { lifecycle, version: buildInfo });
});
