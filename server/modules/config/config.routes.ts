import type { FastifyInstance } from 'fastify';
import { publicConfigSchema } from '../../../src/shared/contracts/config';
import { publicRoute } from '../../lib/route-builders';

export async function configRoutes(app: FastifyInstance, opts: { version: string }) {
  publicRoute(app).get('/api/config', {
    // the same for everyone (no personal data): may be kept, but asked again each time
    config: { cacheControl: 'no-cache' },
    schema: { tags: ['config'], response: { 200: publicConfigSchema } },
    handler: async () => ({
      programmeName: app.appConfig.programmeName,
      supportEmail: app.appConfig.supportEmail,
      supportPhone: app.appConfig.supportPhone,
      imprintUrl: app.appConfig.imprintUrl ?? null,
      privacyUrl: app.appConfig.privacyUrl ?? null,
      accessibilityUrl: app.appConfig.accessibilityUrl ?? null,
      accessibilityContact: app.appConfig.accessibilityContact,
      version: opts.version,
    }),
  });
}
