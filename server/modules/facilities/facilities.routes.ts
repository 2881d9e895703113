import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../src/shared/contracts/common';
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
import { adminRoute, memberRoute, userRoute } from '../../lib/route-builders';

const facilityParams = z.object({ facilityId: idParam });
const tags = ['facilities'];

export async function facilityRoutes(app: FastifyInstance) {
  const asUser = userRoute(app);
  const asMember = memberRoute(app);
  const asAdmin = adminRoute(app);
  const me = (request: { user: { id: number } }) => request.user.id;

  asUser.post('/api/facilities', {
    errors: [429],
    schema: { tags, body: facilityInputSchema, response: { 201: facilitySchema } },
    handler: async (request, reply) => {
      await rateLimiter({ db: app.db }).hit([{ rule: facilityRateRules.create, key: String(me(request)) }]);
      const facility = await createFacility(app.db, request.body, { ...auditContext(request), actorUserId: me(request) });
      return reply.code(201).send(facility);
    },
  });

  asUser.get('/api/facilities/duplicates', {
    schema: { tags, querystring: duplicateQuerySchema, response: { 200: duplicateListSchema } },
    handler: async (request) => ({ items: await duplicateCandidates(app.db, me(request), request.query.postalCode, request.query.label) }),
  });

  asMember.get('/api/facilities/:facilityId', {
    schema: { tags, params: facilityParams, response: { 200: facilitySchema } },
    handler: async (request) => getFacility(app.db, request.params.facilityId),
  });

  asMember.put('/api/facilities/:facilityId', {
    schema: { tags, params: facilityParams, body: facilityUpdateSchema, response: { 200: facilitySchema } },
    handler: async (request) => updateFacility(app.db, request.params.facilityId, request.body, auditContext(request)),
  });

  // members see their own KiTa's master-data history (who changed what), not the rest of its audit log
  asMember.get('/api/facilities/:facilityId/history', {
    schema: { tags, params: facilityParams, response: { 200: facilityHistorySchema } },
    handler: async (request) => {
      await activeFacility(app.db, request.params.facilityId);
      return { items: await facilityHistory(app.db, request.params.facilityId) };
    },
  });

  asMember.delete('/api/facilities/:facilityId/members/:userId', {
    errors: [409],
    schema: { tags, params: facilityParams.extend({ userId: idParam }), querystring: removeMemberQuerySchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await activeFacility(app.db, request.params.facilityId);
      await removeMember(app.db, request.params.facilityId, request.params.userId, auditContext(request), {
        confirmLastMember: request.query.confirmLastMember === 'true',
      });
      return reply.code(204).send(null);
    },
  });

  // any logged-in user may ask to join an existing KiTa (instead of registering a duplicate)
  asUser.post('/api/facilities/:facilityId/join-requests', {
    errors: [409, 429],
    schema: { tags, params: facilityParams, body: joinRequestInputSchema, response: { 201: joinRequestSchema } },
    handler: async (request, reply) => {
      await rateLimiter({ db: app.db }).hit([{ rule: facilityRateRules.joinRequest, key: String(me(request)) }]);
      const answer = await requestToJoin(app.db, request.params.facilityId, request.body.message, {
        ...auditContext(request),
        actorUserId: me(request),
      });
      return reply.code(201).send(answer);
    },
  });

  asMember.get('/api/facilities/:facilityId/join-requests', {
    schema: { tags, params: facilityParams, response: { 200: joinRequestListSchema } },
    handler: async (request) => {
      await activeFacility(app.db, request.params.facilityId);
      return { items: await listJoinRequests(app.db, request.params.facilityId) };
    },
  });

  for (const decision of ['approve', 'decline'] as const) {
    asMember.post(`/api/facilities/:facilityId/join-requests/:requestId/${decision}`, {
      errors: [409],
      schema: { tags, params: facilityParams.extend({ requestId: idParam }), response: { 200: joinRequestSchema } },
      handler: async (request) => {
        await activeFacility(app.db, request.params.facilityId);
        return decideJoinRequest(app.db, request.params.facilityId, request.params.requestId, decision === 'approve', auditContext(request));
      },
    });
  }

  asAdmin.get('/api/admin/join-requests', {
    schema: { tags: ['admin'], response: { 200: joinRequestListSchema } },
    handler: async () => ({ items: await listPendingJoinRequests(app.db) }),
  });
}
