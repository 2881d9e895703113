import type { FastifyInstance } from 'fastify';
import { adminWorkListSchema } from '../../../src/shared/contracts/admin-home';
import { adminRoute } from '../../lib/route-builders';
import { adminWorkList } from './admin-home.service';

const tags = ['admin home'];

/** the admin home /verwaltung (issue 22): the work list's counts */
export async function adminHomeRoutes(app: FastifyInstance) {
  const asAdmin = adminRoute(app);
  asAdmin.get('/api/admin/work-list', {
    schema: { tags, response: { 200: adminWorkListSchema } },
    handler: async () => adminWorkList(app.db, { activeCampaignFromEnv: !!app.appConfig.activeCampaignUrl && !!app.appConfig.activeCampaignKey }),
  });
}
