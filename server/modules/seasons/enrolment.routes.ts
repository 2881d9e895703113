import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../src/shared/contracts/common';

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
import { memberRoute } from '../../lib/route-builders';

const facilityParams = z.object({ facilityId: idParam });
const tags = ['season enrolment'];

export async function enrolmentRoutes(app: FastifyInstance, opts: { checklistSteps?: ChecklistSteps } = {}) {
  const asMember = memberRoute(app);

  asMember.get('/api/facilities/:facilityId/season-enrolment', {
    schema: { tags, params: facilityParams, response: { 200: seasonEnrolmentStatusSchema } },
    handler: async (request) => enrolmentStatus(app.db, request.params.facilityId),
  });

  asMember.put('/api/facilities/:facilityId/season-enrolment', {
    errors: [409],
    schema: { tags, params: facilityParams, body: seasonEnrolmentInputSchema, response: { 200: seasonEnrolmentSchema } },
    handler: async (request) => saveEnrolment(app.db, request.params.facilityId, request.body, auditContext(request)),
  });

  asMember.delete('/api/facilities/:facilityId/season-enrolment', {
    errors: [404, 409],
    schema: { tags, params: facilityParams, querystring: withdrawQuerySchema, response: { 200: seasonEnrolmentStatusSchema } },
    handler: async (request) => {
      await withdrawEnrolment(app.db, request.params.facilityId, request.query.version, auditContext(request));
      return enrolmentStatus(app.db, request.params.facilityId);
    },
  });

  asMember.get('/api/facilities/:facilityId/season-checklist', {
    schema: { tags, params: facilityParams, response: { 200: seasonChecklistSchema } },
    handler: async (request) => seasonChecklist(app.db, request.params.facilityId, undefined, opts.checklistSteps),
  });
}
