import { serverModule } from '../../lib/server-module';
import { legacyImportRoutes } from './legacy-imports.routes';

export default serverModule(async (app) => {
  await app.register(legacyImportRoutes);
});
