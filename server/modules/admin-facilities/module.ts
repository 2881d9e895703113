import { serverModule } from '../../lib/server-module';
import { adminFacilityRoutes } from './admin-facilities.routes';

export default serverModule(async (app) => {
  await app.register(adminFacilityRoutes);
});
