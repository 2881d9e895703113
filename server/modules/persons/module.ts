import { serverModule } from '../../lib/server-module';
import { personRoutes } from './persons.routes';

export default serverModule(async (app) => {
  await app.register(personRoutes);
});
