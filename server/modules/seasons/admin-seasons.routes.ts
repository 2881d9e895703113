import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSeasonListSchema,
  adminSeasonSchema,
  enrolmentStateInputSchema,
  seasonInputSchema,
  seasonHistorySchema,
  seasonStatsSchema,
  seasonUpdateSchema,
} from '../../../src/shared/contracts/admin-seasons';
import { idParam } from '../../../src/shared/contracts/common';
import { errorResponses } from '../../../src/shared/contracts/errors';
import { auditContext } from '../audit/audit';
import { historyOf } from '../audit/audit-history';
import { awardApprovalAnswerSchema, awardApprovalInputSchema } from '../../../src/shared/contracts/admin-programme';
import { createSeason, getSeason, setAwardApproval, listSeasons, makeCurrent, seasonStats, setEnrolmentState, updateSeason } from './admin-seasons.service';

const params = z.object({ seasonId: idParam });
const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['admin seasons'];

export async function adminSeasonRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  r.get('/api/admin/seasons', {
    config: admin,
    schema: { tags, response: { 200: adminSeasonListSchema, ...errors } },
    handler: async () => ({ items: await listSeasons(app.db) }),
  });
  r.post('/api/admin/seasons', {
    config: admin,
    schema: { tags, body: seasonInputSchema, response: { 201: adminSeasonSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await createSeason(app.db, request.body, auditContext(request))),
  });
  r.get('/api/admin/seasons/:seasonId', {
    config: admin,
    schema: { tags, params, response: { 200: adminSeasonSchema, ...errors } },
    handler: async (request) => getSeason(app.db, request.params.seasonId),
  });
  r.put('/api/admin/seasons/:seasonId', {
    config: admin,
    schema: { tags, params, body: seasonUpdateSchema, response: { 200: adminSeasonSchema, ...errors } },
    handler: async (request) => updateSeason(app.db, request.params.seasonId, request.body, auditContext(request)),
  });
  r.put('/api/admin/seasons/:seasonId/enrolment-state', {
    config: admin,
    schema: { tags, params, body: enrolmentStateInputSchema, response: { 200: adminSeasonSchema, ...errors } },
    handler: async (request) =>
      setEnrolmentState(app.db, request.params.seasonId, request.body.enrolment_state, request.body.version, auditContext(request)),
  });
  r.post('/api/admin/seasons/:seasonId/make-current', {
    config: admin,
    schema: { tags, params, response: { 200: adminSeasonSchema, ...errors } },
    handler: async (request) => makeCurrent(app.db, request.params.seasonId, auditContext(request)),
  });
  r.get('/api/admin/seasons/:seasonId/history', {
    config: admin,
    schema: { tags, params, response: { 200: seasonHistorySchema, ...errors } },
    handler: async (request) => {
      await getSeason(app.db, request.params.seasonId);
      return { items: await historyOf(app.db, [{ type: 'season', ids: [request.params.seasonId] }]) };
    },
  });
  r.get('/api/admin/seasons/:seasonId/stats', {
    config: admin,
    schema: { tags, params, response: { 200: seasonStatsSchema, ...errors } },
    handler: async (request) => seasonStats(app.db, request.params.seasonId),
  });

  r.put('/api/admin/season-enrolments/:seasonEnrolmentId/award-approval', {
    config: admin,
    schema: { tags, params: z.object({ seasonEnrolmentId: idParam }), body: awardApprovalInputSchema, response: { 200: awardApprovalAnswerSchema, ...errors } },
    handler: async (request) => setAwardApproval(app.db, request.params.seasonEnrolmentId, request.body, auditContext(request)),
  });
}
