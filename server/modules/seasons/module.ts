import { serverModule } from '../../lib/server-module';
import { adminSeasonRoutes } from './admin-seasons.routes';

/**
 * The enrolment routes get the checklist's later steps from modules above seasons: server/app.ts registers them and
 * passes those in (docs/decisions/0009-module-boundaries.md).
 */
export default serverModule(async (app) => {
  await app.register(adminSeasonRoutes);
});
