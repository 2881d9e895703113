import { serverModule } from '../../lib/server-module';
import { programmeAdminRoutes } from './admin.routes';
import { startReminderJob } from './reminders';
import { programmeStaffRoutes } from './staff.routes';

export default serverModule(async (app, { options, heartbeats }) => {
  await app.register(programmeStaffRoutes);
  await app.register(programmeAdminRoutes);
  if (options.jobs?.reminders) {
    let job: ReturnType<typeof startReminderJob> | undefined;
    app.addHook('onReady', async () => {
      job = startReminderJob(app.db, app.log.child({ module: 'programme-reminders' }), { heartbeats, intervalMs: options.jobs?.reminderIntervalMs });
    });
    app.addHook('onClose', async () => job?.stop());
  }
});
