import { serverModule } from '../../lib/server-module';
import { configRoutes } from './config.routes';

export default serverModule(async (app, { version }) => {
  await app.register(configRoutes, { version });
});
