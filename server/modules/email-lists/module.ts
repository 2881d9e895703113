import { serverModule } from '../../lib/server-module';
import { emailListRoutes } from './email-lists.routes';

export default serverModule(async (app) => {
  await app.register(emailListRoutes);
});
