import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEnrolmentInputSchema,
  adminFacilityDetailSchema,
  adminFacilityListQuerySchema,
  adminFacilityPageSchema,
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
import { sendFacilityCsv, sendFacilityXlsx } from './admin-facilities.export';
import { adminFacilityPage } from './admin-facilities.query';
import { adminFacilityDetail, mergeFacilities } from './admin-facilities.service';

const params = z.object({ facilityId: idParam });
const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['admin facilities'];

export async function adminFacilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  r.get('/api/admin/facilities', {
    config: admin,
    schema: { tags, querystring: adminFacilityListQuerySchema, response: { 200: adminFacilityPageSchema, ...errors } },
    // the session lookup loaded the current season with the user: no query for it here
    handler: async (request) => adminFacilityPage(app.db, request.query, request.userContext ? (request.userContext.curSeason?.id ?? null) : undefined),
  });

  // the filtered list (same query, no paging), streamed
  r.get('/api/admin/facilities/export.csv', {
    config: admin,
    schema: { tags, querystring: adminFacilityListQuerySchema, response: { ...errors } },
    handler: async (request, reply) => sendFacilityCsv(reply, app.db, request.query),
  });
  r.get('/api/admin/facilities/export.xlsx', {
    config: admin,
    schema: { tags, querystring: adminFacilityListQuerySchema, response: { ...errors } },
    handler: async (request, reply) => sendFacilityXlsx(reply, app.db, request.query),
  });

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
