import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../src/shared/contracts/common';
import { errorResponses } from '../../../src/shared/contracts/errors';
import {
  teamWorkshopApplicationSchema,
  teamWorkshopDecisionSchema,
  teamWorkshopDetailSchema,
  teamWorkshopInputSchema,
  teamWorkshopStatusSchema,
  teamWorkshopWithdrawQuerySchema,
} from '../../../src/shared/contracts/team-workshops';
import { auditContext } from '../audit/audit';
import { kickMailWorkers } from '../mail/outbox';
import { adminTeamWorkshopListDef } from './admin-team-workshops.list';
import { adminTeamWorkshopDetail, decideTeamWorkshop } from './admin-team-workshops.service';
import {
  applyForTeamWorkshop,
  changeTeamWorkshopApplication,
  teamWorkshopStatus,
  withdrawTeamWorkshopApplication,
} from './team-workshops.service';

const facilityParams = z.object({ facilityId: idParam });
const applicationParams = z.object({ applicationId: idParam });
const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['team workshops'];
const adminTags = ['admin team workshops'];

export async function teamWorkshopRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const url = '/api/facilities/:facilityId/team-workshop-applications';
  const member = { access: 'member' as const };

  r.get(url, {
    config: member,
    schema: { tags, params: facilityParams, response: { 200: teamWorkshopStatusSchema, ...errors } },
    handler: async (request) => teamWorkshopStatus(app.db, request.params.facilityId),
  });
  r.post(url, {
    config: member,
    schema: { tags, params: facilityParams, body: teamWorkshopInputSchema, response: { 201: teamWorkshopApplicationSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await applyForTeamWorkshop(app.db, request.params.facilityId, request.body, auditContext(request))),
  });
  r.put(url, {
    config: member,
    schema: { tags, params: facilityParams, body: teamWorkshopInputSchema, response: { 200: teamWorkshopApplicationSchema, ...errors } },
    handler: async (request) => changeTeamWorkshopApplication(app.db, request.params.facilityId, request.body, auditContext(request)),
  });
  r.delete(url, {
    config: member,
    schema: { tags, params: facilityParams, querystring: teamWorkshopWithdrawQuerySchema, response: { 200: teamWorkshopStatusSchema, ...errors } },
    handler: async (request) => withdrawTeamWorkshopApplication(app.db, request.params.facilityId, request.query.version, auditContext(request)),
  });

  const admin = { access: 'admin' as const };
  await adminTeamWorkshopListDef.register(app);
  r.get('/api/admin/team-workshop-applications/:applicationId', {
    config: admin,
    schema: { tags: adminTags, params: applicationParams, response: { 200: teamWorkshopDetailSchema, ...errors } },
    handler: async (request) => adminTeamWorkshopDetail(app.db, request.params.applicationId),
  });
  r.post('/api/admin/team-workshop-applications/:applicationId/decision', {
    config: admin,
    schema: { tags: adminTags, params: applicationParams, body: teamWorkshopDecisionSchema, response: { 200: teamWorkshopDetailSchema, ...errors } },
    handler: async (request) => {
      const detail = await decideTeamWorkshop(app.db, request.params.applicationId, request.body, auditContext(request));
      kickMailWorkers();
      return detail;
    },
  });
}
