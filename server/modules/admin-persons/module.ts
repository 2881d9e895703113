import { serverModule } from '../../lib/server-module';
import { adminPersonRoutes } from './admin-persons.routes';

export default serverModule(async (app) => {
  await app.register(adminPersonRoutes);
});
