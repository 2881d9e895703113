import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../src/shared/contracts/common';
import { errorResponses } from '../../../src/shared/contracts/errors';
import {
  duplicateListSchema,
  duplicateQuerySchema,
  facilityHistorySchema,
  facilityInputSchema,
  facilitySchema,
  facilityUpdateSchema,
  joinRequestInputSchema,
  joinRequestListSchema,
  joinRequestSchema,
  removeMemberQuerySchema,
} from '../../../src/shared/contracts/facilities';
import { auditContext } from '../audit/audit';
import { rateLimiter } from '../rate-limit/rate-limit';
import { createFacility, duplicateCandidates, getFacility, updateFacility } from './facilities.service';
import { facilityHistory } from './facility-history';
import { facilityRateRules } from './facility-rate-limits';
import { activeFacility } from './facility-scope';
import { decideJoinRequest, listJoinRequests, listPendingJoinRequests, removeMember, requestToJoin } from './members.service';

const facilityParams = z.object({ facilityId: idParam });
const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['facilities'];

export async function facilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: { user: { id: number } | null }) => request.user!.id;

  r.post('/api/facilities', {
    config: { access: 'user' },
    schema: { tags, body: facilityInputSchema, response: { 201: facilitySchema, ...errors } },
    handler: async (request, reply) => {
      await rateLimiter({ db: app.db }).hit([{ rule: facilityRateRules.create, key: String(me(request)) }]);
      const facility = await createFacility(app.db, request.body, { ...auditContext(request), actorUserId: me(request) });
      return reply.code(201).send(facility);
    },
  });

  r.get('/api/facilities/duplicates', {
    config: { access: 'user' },
    schema: { tags, querystring: duplicateQuerySchema, response: { 200: duplicateListSchema, ...errors } },
    handler: async (request) => ({ items: await duplicateCandidates(app.db, me(request), request.query.postal_code, request.query.label) }),
  });

  r.get('/api/facilities/:facilityId', {
    config: { access: 'member' },
    schema: { tags, params: facilityParams, response: { 200: facilitySchema, ...errors } },
    handler: async (request) => getFacility(app.db, request.params.facilityId),
  });

  r.put('/api/facilities/:facilityId', {
    config: { access: 'member' },
    schema: { tags, params: facilityParams, body: facilityUpdateSchema, response: { 200: facilitySchema, ...errors } },
    handler: async (request) => updateFacility(app.db, request.params.facilityId, request.body, auditContext(request)),
  });

  // members see their own KiTa's master-data history (who changed what), not the rest of its audit log
  r.get('/api/facilities/:facilityId/history', {
    config: { access: 'member' },
    schema: { tags, params: facilityParams, response: { 200: facilityHistorySchema, ...errors } },
    handler: async (request) => {
      await activeFacility(app.db, request.params.facilityId);
      return { items: await facilityHistory(app.db, request.params.facilityId) };
    },
  });

  r.delete('/api/facilities/:facilityId/members/:userId', {
    config: { access: 'member' },
    schema: { tags, params: facilityParams.extend({ userId: idParam }), querystring: removeMemberQuerySchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await activeFacility(app.db, request.params.facilityId);
      await removeMember(app.db, request.params.facilityId, request.params.userId, auditContext(request), { confirmLastMember: request.query.confirmLastMember === 'true' });
      return reply.code(204).send(null);
    },
  });

  // any logged-in user may ask to join an existing KiTa (instead of registering a duplicate)
  r.post('/api/facilities/:facilityId/join-requests', {
    config: { access: 'user' },
    schema: { tags, params: facilityParams, body: joinRequestInputSchema, response: { 201: joinRequestSchema, ...errors } },
    handler: async (request, reply) => {
      await rateLimiter({ db: app.db }).hit([{ rule: facilityRateRules.joinRequest, key: String(me(request)) }]);
      const answer = await requestToJoin(app.db, request.params.facilityId, request.body.message, { ...auditContext(request), actorUserId: me(request) });
      return reply.code(201).send(answer);
    },
  });

  r.get('/api/facilities/:facilityId/join-requests', {
    config: { access: 'member' },
    schema: { tags, params: facilityParams, response: { 200: joinRequestListSchema, ...errors } },
    handler: async (request) => {
      await activeFacility(app.db, request.params.facilityId);
      return { items: await listJoinRequests(app.db, request.params.facilityId) };
    },
  });

  for (const decision of ['approve', 'decline'] as const) {
    r.post(`/api/facilities/:facilityId/join-requests/:requestId/${decision}`, {
      config: { access: 'member' },
      schema: { tags, params: facilityParams.extend({ requestId: idParam }), response: { 200: joinRequestSchema, ...errors } },
      handler: async (request) => {
        await activeFacility(app.db, request.params.facilityId);
        return decideJoinRequest(app.db, request.params.facilityId, request.params.requestId, decision === 'approve', auditContext(request));
      },
    });
  }

  r.get('/api/admin/join-requests', {
    config: { access: 'admin' },
    schema: { tags: ['admin'], response: { 200: joinRequestListSchema, ...errors } },
    handler: async () => ({ items: await listPendingJoinRequests(app.db) }),
  });
}
