import type { FastifyInstance } from 'fastify';
import {
  retentionOverviewSchema,
  retentionPreviewSchema,
  retentionQuerySchema,
  retentionRunAnswerSchema,
} from '../../../src/shared/contracts/retention';
import { berlinDate, endOfBerlinDay } from '../../lib/berlin-time';
import { adminRoute } from '../../lib/route-builders';
import { previewRetention, retentionOverview, runRetentionNow, type RetentionDeps } from './retention.service';

const tags = ['admin retention'];

/** issue 38, SPEC §9: the retention rules' dry run, "Jetzt ausführen" and the admin page's overview */
export async function retentionRoutes(app: FastifyInstance) {
  const asAdmin = adminRoute(app);
  const deps = (): RetentionDeps => ({
    db: app.db,
    config: app.appConfig,
    storage: app.fileStorage,
    log: (err) => app.log.warn({ err }, 'retention: a stored file could not be deleted'),
  });
  asAdmin.get('/api/admin/retention', {
    schema: { tags, querystring: retentionQuerySchema, response: { 200: retentionPreviewSchema } },
    handler: async (request) => {
      const asOf = request.query.asOf ?? berlinDate(new Date());
      return { asOf, rules: await previewRetention(app.db, app.appConfig, endOfBerlinDay(asOf)) };
    },
  });
  asAdmin.get('/api/admin/retention/overview', {
    schema: { tags, response: { 200: retentionOverviewSchema } },
    handler: async () => retentionOverview(app.db, app.appConfig),
  });
  asAdmin.post('/api/admin/retention/run', {
    errors: [409],
    schema: { tags, response: { 200: retentionRunAnswerSchema } },
    handler: async (request) => runRetentionNow(deps(), request.user.id),
  });
}
