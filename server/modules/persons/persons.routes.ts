import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam, versionParam } from '../../../src/shared/contracts/common';
import {
  acceptInvitationResponseSchema,
  acceptInvitationSchema,
  personInputSchema,
  personInviteResponseSchema,
  personSchema,
  personUpdateSchema,
} from '../../../src/shared/contracts/persons';
import { auditContext } from '../audit/audit';
import { facilityRateRules } from '../facilities/facility-rate-limits';
import { rateLimiter } from '../rate-limit/rate-limit';
import { activeFacility } from '../facilities/facility-scope';
import { memberListSchema } from '../../../src/shared/contracts/facilities';
import { listMembers } from './members-view';
import { acceptInvitation, createPerson, getPerson, invitePerson, removePerson, staffListDef, updatePerson } from './persons.service';
import { memberRoute, userRoute } from '../../lib/route-builders';

const facilityParams = z.object({ facilityId: idParam });
const personParams = facilityParams.extend({ personId: idParam });
const tags = ['persons'];

export async function personRoutes(app: FastifyInstance) {
  const asUser = userRoute(app);
  const asMember = memberRoute(app);

  asMember.get('/api/facilities/:facilityId/members', {
    schema: { tags: ['facilities'], params: facilityParams, response: { 200: memberListSchema } },
    handler: async (request) => {
      await activeFacility(app.db, request.params.facilityId);
      return { items: await listMembers(app.db, request.params.facilityId) };
    },
  });

  await staffListDef.register(app);

  asMember.post('/api/facilities/:facilityId/persons', {
    errors: [429],
    schema: { tags, params: facilityParams, body: personInputSchema, response: { 201: personSchema } },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await createPerson(app.db, request.params.facilityId, request.body, auditContext(request), { limited: !request.user?.isAdmin })),
  });

  asMember.get('/api/facilities/:facilityId/persons/:personId', {
    schema: { tags, params: personParams, response: { 200: personSchema } },
    handler: async (request) => {
      await activeFacility(app.db, request.params.facilityId);
      return getPerson(app.db, request.params.facilityId, request.params.personId);
    },
  });

  asMember.put('/api/facilities/:facilityId/persons/:personId', {
    schema: { tags, params: personParams, body: personUpdateSchema, response: { 200: personSchema } },
    handler: async (request) => {
      await activeFacility(app.db, request.params.facilityId);
      return updatePerson(app.db, request.params.facilityId, request.params.personId, request.body, auditContext(request));
    },
  });

  asMember.delete('/api/facilities/:facilityId/persons/:personId', {
    schema: { tags, params: personParams, querystring: z.object({ version: versionParam.optional() }), response: { 204: z.null() } },
    handler: async (request, reply) => {
      await activeFacility(app.db, request.params.facilityId);
      await removePerson(app.db, request.params.facilityId, request.params.personId, request.query.version, auditContext(request));
      return reply.code(204).send(null);
    },
  });

  asMember.post('/api/facilities/:facilityId/persons/:personId/invite', {
    errors: [409, 429],
    schema: { tags, params: personParams, response: { 200: personInviteResponseSchema } },
    handler: async (request) => {
      await rateLimiter({ db: app.db }).hit([
        { rule: facilityRateRules.invitePerFacility, key: String(request.params.facilityId) },
        { rule: facilityRateRules.invitePerPerson, key: String(request.params.personId) },
      ]);
      const { invitedAt, email } = await invitePerson(
        app.db,
        request.params.facilityId,
        request.params.personId,
        {
          ...auditContext(request),
          actorUserId: request.user.id,
        },
        { byAdmin: request.user.isAdmin },
      );
      return { invitedAt, email };
    },
  });

  asUser.post('/api/me/person-invitations', {
    errors: [404, 409],
    schema: { tags, body: acceptInvitationSchema, response: { 200: acceptInvitationResponseSchema } },
    handler: async (request) => acceptInvitation(app.db, request.body.token, request.user.id, auditContext(request)),
  });
}
