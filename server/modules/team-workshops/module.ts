import { serverModule } from '../../lib/server-module';
import { teamWorkshopRoutes } from './team-workshops.routes';

export default serverModule(async (app) => {
  await app.register(teamWorkshopRoutes);
});
