import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../src/shared/contracts/common';
import { errorResponses } from '../../../src/shared/contracts/errors';
import {
  seasonChecklistSchema,
  seasonEnrolmentInputSchema,
  seasonEnrolmentSchema,
  seasonEnrolmentStatusSchema,
  withdrawQuerySchema,
} from '../../../src/shared/contracts/season-enrolment';
import { auditContext } from '../audit/audit';
import { seasonChecklist, type ChecklistSteps } from './checklist.service';
import { enrolmentStatus, saveEnrolment, withdrawEnrolment } from './enrolment.service';

const facilityParams = z.object({ facilityId: idParam });
const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['season enrolment'];

export async function enrolmentRoutes(app: FastifyInstance, opts: { checklistSteps?: ChecklistSteps } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/facilities/:facilityId/season-enrolment', {
    config: { access: 'member' },
    schema: { tags, params: facilityParams, response: { 200: seasonEnrolmentStatusSchema, ...errors } },
    handler: async (request) => enrolmentStatus(app.db, request.params.facilityId),
  });

  r.put('/api/facilities/:facilityId/season-enrolment', {
    config: { access: 'member' },
    schema: { tags, params: facilityParams, body: seasonEnrolmentInputSchema, response: { 200: seasonEnrolmentSchema, ...errors } },
    handler: async (request) => saveEnrolment(app.db, request.params.facilityId, request.body, auditContext(request)),
  });

  r.delete('/api/facilities/:facilityId/season-enrolment', {
    config: { access: 'member' },
    schema: { tags, params: facilityParams, querystring: withdrawQuerySchema, response: { 200: seasonEnrolmentStatusSchema, ...errors } },
    handler: async (request) => {
      await withdrawEnrolment(app.db, request.params.facilityId, request.query.version, auditContext(request));
      return enrolmentStatus(app.db, request.params.facilityId);
    },
  });

  r.get('/api/facilities/:facilityId/season-checklist', {
    config: { access: 'member' },
    schema: { tags, params: facilityParams, response: { 200: seasonChecklistSchema, ...errors } },
    handler: async (request) => seasonChecklist(app.db, request.params.facilityId, undefined, opts.checklistSteps),
  });
}
