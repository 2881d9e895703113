import { serverModule } from '../../lib/server-module';
import { seasonReportRoutes } from './season-report.routes';

export default serverModule(async (app) => {
  await app.register(seasonReportRoutes);
});
