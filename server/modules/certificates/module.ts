import { serverModule } from '../../lib/server-module';
import { certificateRoutes } from './certificates.routes';
import { attendanceHook } from './issue.service';

export default serverModule(async (app, { options }) => {
  await app.register(certificateRoutes);
  // marking attendance (programme, a lower module) issues or withdraws the Teilnahmebescheinigung
  app.attendanceListeners.push(attendanceHook(options.config.programmeName));
});
