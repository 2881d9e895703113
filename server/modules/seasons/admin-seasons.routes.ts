import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminSeasonSchema,
  enrolmentStateInputSchema,
  seasonChoiceListSchema,
  seasonInputSchema,
  seasonHistorySchema,
  seasonStatsSchema,
  seasonUpdateSchema,
} from '../../../src/shared/contracts/admin-seasons';
import { idParam } from '../../../src/shared/contracts/common';

import { auditContext } from '../audit/audit';
import { historyOf } from '../audit/audit-history';
import { awardApprovalAnswerSchema, awardApprovalInputSchema } from '../../../src/shared/contracts/admin-programme';
import { adminSeasonListDef } from './admin-seasons.list';
import {
  createSeason,
  getSeason,
  makeCurrent,
  seasonChoices,
  seasonStats,
  setAwardApproval,
  setEnrolmentState,
  updateSeason,
} from './admin-seasons.service';
import { adminRoute } from '../../lib/route-builders';

const params = z.object({ seasonId: idParam });
const tags = ['admin seasons'];

export async function adminSeasonRoutes(app: FastifyInstance) {
  const asAdmin = adminRoute(app);

  // the list (paged, sorted, searched, filtered) and its exports (csv, xlsx)
  await adminSeasonListDef.register(app);
  asAdmin.get('/api/admin/seasons/choices', {
    schema: { tags, response: { 200: seasonChoiceListSchema } },
    handler: async () => ({ items: await seasonChoices(app.db) }),
  });
  asAdmin.post('/api/admin/seasons', {
    errors: [409],
    schema: { tags, body: seasonInputSchema, response: { 201: adminSeasonSchema } },
    handler: async (request, reply) => reply.code(201).send(await createSeason(app.db, request.body, auditContext(request))),
  });
  asAdmin.get('/api/admin/seasons/:seasonId', {
    schema: { tags, params, response: { 200: adminSeasonSchema } },
    handler: async (request) => getSeason(app.db, request.params.seasonId),
  });
  asAdmin.put('/api/admin/seasons/:seasonId', {
    errors: [409],
    schema: { tags, params, body: seasonUpdateSchema, response: { 200: adminSeasonSchema } },
    handler: async (request) => updateSeason(app.db, request.params.seasonId, request.body, auditContext(request)),
  });
  asAdmin.put('/api/admin/seasons/:seasonId/enrolment-state', {
    schema: { tags, params, body: enrolmentStateInputSchema, response: { 200: adminSeasonSchema } },
    handler: async (request) =>
      setEnrolmentState(app.db, request.params.seasonId, request.body.enrolment_state, request.body.version, auditContext(request)),
  });
  asAdmin.post('/api/admin/seasons/:seasonId/make-current', {
    errors: [409],
    schema: { tags, params, response: { 200: adminSeasonSchema } },
    handler: async (request) => makeCurrent(app.db, request.params.seasonId, auditContext(request)),
  });
  asAdmin.get('/api/admin/seasons/:seasonId/history', {
    schema: { tags, params, response: { 200: seasonHistorySchema } },
    handler: async (request) => {
      await getSeason(app.db, request.params.seasonId);
      return { items: await historyOf(app.db, [{ type: 'season', ids: [request.params.seasonId] }]) };
    },
  });
  asAdmin.get('/api/admin/seasons/:seasonId/stats', {
    schema: { tags, params, response: { 200: seasonStatsSchema } },
    handler: async (request) => seasonStats(app.db, request.params.seasonId),
  });

  asAdmin.put('/api/admin/season-enrolments/:seasonEnrolmentId/award-approval', {
    schema: { tags, params: z.object({ seasonEnrolmentId: idParam }), body: awardApprovalInputSchema, response: { 200: awardApprovalAnswerSchema } },
    handler: async (request) => setAwardApproval(app.db, request.params.seasonEnrolmentId, request.body, auditContext(request)),
  });
}
