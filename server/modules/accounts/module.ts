import { serverModule } from '../../lib/server-module';
import { accountAdminRoutes } from './admin.routes';
import { accountMeRoutes } from './me.routes';
import { accountPublicRoutes } from './public.routes';
import { sealPlainTotpSecrets } from './totp';

export default serverModule(async (app, { options }) => {
  // TOTP secrets of older versions were stored in plain text: seal them before the first request
  app.addHook('onReady', async () => {
    const sealed = await sealPlainTotpSecrets(app.db, options.config);
    if (sealed > 0) app.log.info({ sealed }, 'TOTP secrets encrypted');
  });
  await app.register(accountPublicRoutes);
  await app.register(accountMeRoutes);
  await app.register(accountAdminRoutes);
});
