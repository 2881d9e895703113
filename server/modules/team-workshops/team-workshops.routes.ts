import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../src/shared/contracts/common';
import {
  teamWorkshopApplicationSchema,
  teamWorkshopDecisionSchema,
  teamWorkshopDetailSchema,
  teamWorkshopInputSchema,
  teamWorkshopStatusSchema,
  teamWorkshopWithdrawQuerySchema,
} from '../../../src/shared/contracts/team-workshops';
import { adminRoute, memberRoute } from '../../lib/route-builders';
import { auditContext } from '../audit/audit';
import { kickMailWorkers } from '../mail/outbox';
import { adminTeamWorkshopListDef } from './admin-team-workshops.list';
import { adminTeamWorkshopDetail, decideTeamWorkshop } from './admin-team-workshops.service';
import { applyForTeamWorkshop, changeTeamWorkshopApplication, teamWorkshopStatus, withdrawTeamWorkshopApplication } from './team-workshops.service';

const facilityParams = z.object({ facilityId: idParam });
const applicationParams = z.object({ applicationId: idParam });
const tags = ['team workshops'];
const adminTags = ['admin team workshops'];

export async function teamWorkshopRoutes(app: FastifyInstance) {
  const asMember = memberRoute(app);
  const asAdmin = adminRoute(app);
  const url = '/api/facilities/:facilityId/team-workshop-applications';
  // 409: no current season, deadline passed, already applied or decided
  const rules = [409] as const;

  asMember.get(url, {
    errors: rules,
    schema: { tags, params: facilityParams, response: { 200: teamWorkshopStatusSchema } },
    handler: async (request) => teamWorkshopStatus(app.db, request.params.facilityId),
  });
  asMember.post(url, {
    errors: rules,
    schema: { tags, params: facilityParams, body: teamWorkshopInputSchema, response: { 201: teamWorkshopApplicationSchema } },
    handler: async (request, reply) =>
      reply.code(201).send(await applyForTeamWorkshop(app.db, request.params.facilityId, request.body, auditContext(request))),
  });
  asMember.put(url, {
    errors: rules,
    schema: { tags, params: facilityParams, body: teamWorkshopInputSchema, response: { 200: teamWorkshopApplicationSchema } },
    handler: async (request) => changeTeamWorkshopApplication(app.db, request.params.facilityId, request.body, auditContext(request)),
  });
  asMember.delete(url, {
    errors: rules,
    schema: { tags, params: facilityParams, querystring: teamWorkshopWithdrawQuerySchema, response: { 200: teamWorkshopStatusSchema } },
    handler: async (request) => withdrawTeamWorkshopApplication(app.db, request.params.facilityId, request.query.version, auditContext(request)),
  });

  await adminTeamWorkshopListDef.register(app);
  asAdmin.get('/api/admin/team-workshop-applications/:applicationId', {
    schema: { tags: adminTags, params: applicationParams, response: { 200: teamWorkshopDetailSchema } },
    handler: async (request) => adminTeamWorkshopDetail(app.db, request.params.applicationId),
  });
  asAdmin.post('/api/admin/team-workshop-applications/:applicationId/decision', {
    schema: { tags: adminTags, params: applicationParams, body: teamWorkshopDecisionSchema, response: { 200: teamWorkshopDetailSchema } },
    handler: async (request) => {
      const detail = await decideTeamWorkshop(app.db, request.params.applicationId, request.body, auditContext(request));
      kickMailWorkers();
      return detail;
    },
  });
}
