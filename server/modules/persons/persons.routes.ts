import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, versionParam } from '../../../src/shared/contracts/common';
import { errorResponses } from '../../../src/shared/contracts/errors';
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

const facilityParams = z.object({ facilityId: idParam });
const personParams = facilityParams.extend({ personId: idParam });
const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['persons'];

export async function personRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/facilities/:facilityId/members', {
    config: { access: 'member' },
    schema: { tags: ['facilities'], params: facilityParams, response: { 200: memberListSchema, ...errors } },
    handler: async (request) => {
      await activeFacility(app.db, request.params.facilityId);
      return { items: await listMembers(app.db, request.params.facilityId) };
    },
  });

  await staffListDef.register(app);

  r.post('/api/facilities/:facilityId/persons', {
    config: { access: 'member' },
    schema: { tags, params: facilityParams, body: personInputSchema, response: { 201: personSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await createPerson(app.db, request.params.facilityId, request.body, auditContext(request))),
  });

  r.get('/api/facilities/:facilityId/persons/:personId', {
    config: { access: 'member' },
    schema: { tags, params: personParams, response: { 200: personSchema, ...errors } },
    handler: async (request) => {
      await activeFacility(app.db, request.params.facilityId);
      return getPerson(app.db, request.params.facilityId, request.params.personId);
    },
  });

  r.put('/api/facilities/:facilityId/persons/:personId', {
    config: { access: 'member' },
    schema: { tags, params: personParams, body: personUpdateSchema, response: { 200: personSchema, ...errors } },
    handler: async (request) => {
      await activeFacility(app.db, request.params.facilityId);
      return updatePerson(app.db, request.params.facilityId, request.params.personId, request.body, auditContext(request));
    },
  });

  r.delete('/api/facilities/:facilityId/persons/:personId', {
    config: { access: 'member' },
    schema: { tags, params: personParams, querystring: z.object({ version: versionParam.optional() }), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await activeFacility(app.db, request.params.facilityId);
      await removePerson(app.db, request.params.facilityId, request.params.personId, request.query.version, auditContext(request));
      return reply.code(204).send(null);
    },
  });

  r.post('/api/facilities/:facilityId/persons/:personId/invite', {
    config: { access: 'member' },
    schema: { tags, params: personParams, response: { 200: personInviteResponseSchema, ...errors } },
    handler: async (request) => {
      await rateLimiter({ db: app.db }).hit([
        { rule: facilityRateRules.invitePerFacility, key: String(request.params.facilityId) },
        { rule: facilityRateRules.invitePerPerson, key: String(request.params.personId) },
      ]);
      const { invited_at, email } = await invitePerson(app.db, request.params.facilityId, request.params.personId, {
        ...auditContext(request),
        actorUserId: request.user!.id,
      });
      return { invited_at, email };
    },
  });

  r.post('/api/me/person-invitations', {
    config: { access: 'user' },
    schema: { tags, body: acceptInvitationSchema, response: { 200: acceptInvitationResponseSchema, ...errors } },
    handler: async (request) => acceptInvitation(app.db, request.body.token, request.user!.id, auditContext(request)),
  });
}
