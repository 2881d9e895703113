import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminEnrolmentInputSchema,
  adminFacilityDetailSchema,
  facilityMergeInputSchema,
  facilityMergeResultSchema,
} from '../../../src/shared/contracts/admin-facilities';
import { idParam } from '../../../src/shared/contracts/common';

import { facilitySchema, facilityUpdateSchema } from '../../../src/shared/contracts/facilities';
import { seasonEnrolmentSchema, withdrawQuerySchema } from '../../../src/shared/contracts/season-enrolment';
import { auditContext } from '../audit/audit';
import { updateFacility } from '../facilities/facilities.service';
import { saveEnrolment, withdrawEnrolment } from '../seasons/enrolment.service';
import { adminFacilityListDef } from './admin-facilities.list';
import { adminFacilityDetail, mergeFacilities } from './admin-facilities.service';
import { adminRoute } from '../../lib/route-builders';

const params = z.object({ facilityId: idParam });
const tags = ['admin facilities'];

export async function adminFacilityRoutes(app: FastifyInstance) {
  const asAdmin = adminRoute(app);

  // the list, its exports (csv, xlsx)
  await adminFacilityListDef.register(app);

  asAdmin.post('/api/admin/facilities/merge', {
    errors: [404, 409],
    schema: { tags, body: facilityMergeInputSchema, response: { 200: facilityMergeResultSchema } },
    handler: async (request) => mergeFacilities(app.db, request.body.sourceId, request.body.targetId, auditContext(request)),
  });

  asAdmin.get('/api/admin/facilities/:facilityId', {
    schema: { tags, params, response: { 200: adminFacilityDetailSchema } },
    handler: async (request) => adminFacilityDetail(app.db, request.params.facilityId),
  });

  asAdmin.put('/api/admin/facilities/:facilityId', {
    schema: { tags, params, body: facilityUpdateSchema, response: { 200: facilitySchema } },
    handler: async (request) => updateFacility(app.db, request.params.facilityId, request.body, auditContext(request), 'facility.admin_update'),
  });

  const enrolmentParams = params.extend({ seasonId: idParam });
  asAdmin.put('/api/admin/facilities/:facilityId/enrolments/:seasonId', {
    errors: [409],
    schema: { tags, params: enrolmentParams, body: adminEnrolmentInputSchema, response: { 200: seasonEnrolmentSchema } },
    handler: async (request) =>
      saveEnrolment(app.db, request.params.facilityId, request.body, auditContext(request), { seasonId: request.params.seasonId, onBehalf: true }),
  });
  asAdmin.delete('/api/admin/facilities/:facilityId/enrolments/:seasonId', {
    schema: { tags, params: enrolmentParams, querystring: withdrawQuerySchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await withdrawEnrolment(app.db, request.params.facilityId, request.query.version, auditContext(request), {
        seasonId: request.params.seasonId,
        onBehalf: true,
      });
      return reply.code(204).send(null);
    },
  });
}
