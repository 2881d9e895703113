import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEnrolmentInputSchema,
  adminFacilityDetailSchema,
  facilityMergeInputSchema,
  facilityMergeResultSchema,
} from '../../../src/shared/contracts/admin-facilities';
import { idParam } from '../../../src/shared/contracts/common';
import { errorResponses } from '../../../src/shared/contracts/errors';
import { facilitySchema, facilityUpdateSchema } from '../../../src/shared/contracts/facilities';
import { seasonEnrolmentSchema, withdrawQuerySchema } from '../../../src/shared/contracts/season-enrolment';
import { auditContext } from '../audit/audit';
import { updateFacility } from '../facilities/facilities.service';
import { saveEnrolment, withdrawEnrolment } from '../seasons/enrolment.service';
import { adminFacilityListDef } from './admin-facilities.list';
import { adminFacilityDetail, mergeFacilities } from './admin-facilities.service';

const params = z.object({ facilityId: idParam });
const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['admin facilities'];

export async function adminFacilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  // the list, its exports (csv, xlsx)
  await adminFacilityListDef.register(app);

  r.post('/api/admin/facilities/merge', {
    config: admin,
    schema: { tags, body: facilityMergeInputSchema, response: { 200: facilityMergeResultSchema, ...errors } },
    handler: async (request) => mergeFacilities(app.db, request.body.source_id, request.body.target_id, auditContext(request)),
  });

  r.get('/api/admin/facilities/:facilityId', {
    config: admin,
    schema: { tags, params, response: { 200: adminFacilityDetailSchema, ...errors } },
    handler: async (request) => adminFacilityDetail(app.db, request.params.facilityId),
  });

  r.put('/api/admin/facilities/:facilityId', {
    config: admin,
    schema: { tags, params, body: facilityUpdateSchema, response: { 200: facilitySchema, ...errors } },
    handler: async (request) => updateFacility(app.db, request.params.facilityId, request.body, auditContext(request), 'facility.admin_update'),
  });

  const enrolmentParams = params.extend({ seasonId: idParam });
  r.put('/api/admin/facilities/:facilityId/enrolments/:seasonId', {
    config: admin,
    schema: { tags, params: enrolmentParams, body: adminEnrolmentInputSchema, response: { 200: seasonEnrolmentSchema, ...errors } },
    handler: async (request) =>
      saveEnrolment(app.db, request.params.facilityId, request.body, auditContext(request), { seasonId: request.params.seasonId, onBehalf: true }),
  });
  r.delete('/api/admin/facilities/:facilityId/enrolments/:seasonId', {
    config: admin,
    schema: { tags, params: enrolmentParams, querystring: withdrawQuerySchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await withdrawEnrolment(app.db, request.params.facilityId, request.query.version, auditContext(request), { seasonId: request.params.seasonId, onBehalf: true });
      return reply.code(204).send(null);
    },
  });
}
