import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../../src/shared/contracts/config';

export async function configRoutes(app: FastifyInstance, opts: { version: string }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/config', {
    // the same for everyone (no personal data): may be kept, but asked again each time
    config: { access: 'public', cacheControl: 'no-cache' },
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
