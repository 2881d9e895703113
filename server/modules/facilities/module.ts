import { serverModule } from '../../lib/server-module';
import { facilityRoutes } from './facilities.routes';

export default serverModule(async (app) => {
  await app.register(facilityRoutes);
});
