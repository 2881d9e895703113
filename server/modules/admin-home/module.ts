import { serverModule } from '../../lib/server-module';
import { adminHomeRoutes } from './admin-home.routes';

export default serverModule(async (app) => {
  await app.register(adminHomeRoutes);
});
