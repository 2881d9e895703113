import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAwardingEventSchema,
  adminBookingInputSchema,
  adminOfferingSchema,
  awardingEventInputSchema,
  awardingEventsAnswerSchema,
  awardingEventUpdateSchema,
  enrolmentActionAnswerSchema,
  facilityProgrammeHistorySchema,
  enrolmentActionInputSchema,
  offeringCancelSchema,
  offeringInputSchema,
  offeringUpdateSchema,
  trainingModuleInputSchema,
  trainingModuleSchema,
  trainingModulesAnswerSchema,
  trainingModulesQuerySchema,
  trainingModuleUpdateSchema,
  versionBodySchema,
} from '../../../src/shared/contracts/admin-programme';
import { idParam } from '../../../src/shared/contracts/common';
import { errorResponses } from '../../../src/shared/contracts/errors';
import { bookingResultSchema } from '../../../src/shared/contracts/programme';
import { withdrawQuerySchema } from '../../../src/shared/contracts/season-enrolment';
import { auditContext } from '../audit/audit';
import { activeFacility } from '../facilities/facility-scope';
import { facilityProgrammeHistory } from './staff.service';
import { adminOffering, adminOfferingListDef, awardingEnrolmentListDef, offeringEnrolmentListDef } from './admin-lists';
import {
  addOnBehalf,
  awardingEventById,
  cancelAwardingEvent,
  cancelOffering,
  copyOffering,
  createAwardingEvent,
  createModule,
  createOffering,
  deleteModule,
  enrolmentAction,
  listAwardingEvents,
  listModules,
  publishAwardingEvent,
  publishOffering,
  updateAwardingEvent,
  updateModule,
  updateOffering,
} from './admin.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['admin programme'];
const moduleParams = z.object({ moduleId: idParam });
const eventParams = z.object({ awardingEventId: idParam });
const offeringParams = z.object({ offeringId: idParam });

/** SPEC §3 admin paths of the season's programme; admins only */
export async function programmeAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  // training modules
  r.get('/api/admin/training-modules', {
    config: admin,
    schema: { tags, querystring: trainingModulesQuerySchema, response: { 200: trainingModulesAnswerSchema, ...errors } },
    handler: async (request) => listModules(app.db, request.query.seasonId),
  });
  r.post('/api/admin/training-modules', {
    config: admin,
    schema: { tags, body: trainingModuleInputSchema, response: { 201: trainingModuleSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await createModule(app.db, request.body, auditContext(request))),
  });
  r.put('/api/admin/training-modules/:moduleId', {
    config: admin,
    schema: { tags, params: moduleParams, body: trainingModuleUpdateSchema, response: { 200: trainingModuleSchema, ...errors } },
    handler: async (request) => updateModule(app.db, request.params.moduleId, request.body, auditContext(request)),
  });
  r.delete('/api/admin/training-modules/:moduleId', {
    config: admin,
    schema: { tags, params: moduleParams, querystring: withdrawQuerySchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteModule(app.db, request.params.moduleId, request.query.version, auditContext(request));
      return reply.code(204).send(null);
    },
  });

  // awarding events
  r.get('/api/admin/awarding-events', {
    config: admin,
    schema: { tags, querystring: trainingModulesQuerySchema, response: { 200: awardingEventsAnswerSchema, ...errors } },
    handler: async (request) => listAwardingEvents(app.db, request.query.seasonId),
  });
  r.post('/api/admin/awarding-events', {
    config: admin,
    schema: { tags, body: awardingEventInputSchema, response: { 201: adminAwardingEventSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await createAwardingEvent(app.db, request.body, auditContext(request))),
  });
  r.get('/api/admin/awarding-events/:awardingEventId', {
    config: admin,
    schema: { tags, params: eventParams, response: { 200: adminAwardingEventSchema, ...errors } },
    handler: async (request) => awardingEventById(app.db, request.params.awardingEventId),
  });
  r.put('/api/admin/awarding-events/:awardingEventId', {
    config: admin,
    schema: { tags, params: eventParams, body: awardingEventUpdateSchema, response: { 200: adminAwardingEventSchema, ...errors } },
    handler: async (request) => updateAwardingEvent(app.db, request.params.awardingEventId, request.body, auditContext(request)),
  });
  r.post('/api/admin/awarding-events/:awardingEventId/publish', {
    config: admin,
    schema: { tags, params: eventParams, body: versionBodySchema, response: { 200: adminAwardingEventSchema, ...errors } },
    handler: async (request) => publishAwardingEvent(app.db, request.params.awardingEventId, request.body.version, auditContext(request)),
  });
  r.post('/api/admin/awarding-events/:awardingEventId/cancel', {
    config: admin,
    schema: { tags, params: eventParams, body: offeringCancelSchema, response: { 200: adminAwardingEventSchema, ...errors } },
    handler: async (request) => cancelAwardingEvent(app.db, request.params.awardingEventId, request.body, auditContext(request)),
  });
  await awardingEnrolmentListDef.register(app);

  // offerings (kind in the body) and their enrolments
  await adminOfferingListDef.register(app);
  r.post('/api/admin/offerings', {
    config: admin,
    schema: { tags, body: offeringInputSchema, response: { 201: adminOfferingSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await createOffering(app.db, request.body, auditContext(request))),
  });
  r.get('/api/admin/offerings/:offeringId', {
    config: admin,
    schema: { tags, params: offeringParams, response: { 200: adminOfferingSchema, ...errors } },
    handler: async (request) => adminOffering(app.db, request.params.offeringId),
  });
  r.put('/api/admin/offerings/:offeringId', {
    config: admin,
    schema: { tags, params: offeringParams, body: offeringUpdateSchema, response: { 200: adminOfferingSchema, ...errors } },
    handler: async (request) => updateOffering(app.db, request.params.offeringId, request.body, auditContext(request)),
  });
  r.post('/api/admin/offerings/:offeringId/publish', {
    config: admin,
    schema: { tags, params: offeringParams, body: versionBodySchema, response: { 200: adminOfferingSchema, ...errors } },
    handler: async (request) => publishOffering(app.db, request.params.offeringId, request.body.version, auditContext(request)),
  });
  r.post('/api/admin/offerings/:offeringId/cancel', {
    config: admin,
    schema: { tags, params: offeringParams, body: offeringCancelSchema, response: { 200: adminOfferingSchema, ...errors } },
    handler: async (request) => cancelOffering(app.db, request.params.offeringId, request.body, auditContext(request)),
  });
  r.post('/api/admin/offerings/:offeringId/copy', {
    config: admin,
    schema: { tags, params: offeringParams, response: { 201: adminOfferingSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await copyOffering(app.db, request.params.offeringId, auditContext(request))),
  });
  await offeringEnrolmentListDef.register(app);
  r.post('/api/admin/offerings/:offeringId/enrolments', {
    config: admin,
    schema: { tags, params: offeringParams, body: adminBookingInputSchema, response: { 201: bookingResultSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await addOnBehalf(app.db, request.params.offeringId, request.body, auditContext(request))),
  });
  r.post('/api/admin/offerings/:offeringId/enrolments/actions', {
    config: admin,
    schema: { tags, params: offeringParams, body: enrolmentActionInputSchema, response: { 200: enrolmentActionAnswerSchema, ...errors } },
    handler: async (request) => enrolmentAction(app.db, request.params.offeringId, request.body, auditContext(request)),
  });

  // the KiTa's programme history for the admin KiTa detail
  r.get('/api/admin/facilities/:facilityId/programme', {
    config: admin,
    schema: { tags, params: z.object({ facilityId: idParam }), response: { 200: facilityProgrammeHistorySchema, ...errors } },
    handler: async (request) => {
      await activeFacility(app.db, request.params.facilityId);
      return facilityProgrammeHistory(app.db, request.params.facilityId);
    },
  });
}
