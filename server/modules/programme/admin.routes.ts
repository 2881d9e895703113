import type { FastifyInstance } from 'fastify';
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
import { bookingResultSchema } from '../../../src/shared/contracts/programme';
import { withdrawQuerySchema } from '../../../src/shared/contracts/season-enrolment';
import { adminRoute } from '../../lib/route-builders';
import { auditContext } from '../audit/audit';
import { activeFacility } from '../facilities/facility-scope';
import { facilityProgrammeHistory } from './staff.service';
import { awardingEnrolmentListDef } from './admin-awarding-enrolments.list';
import { offeringEnrolmentListDef } from './admin-enrolments.list';
import { adminOffering, adminOfferingListDef } from './admin-offerings.list';
import {
  awardingEventById,
  cancelAwardingEvent,
  createAwardingEvent,
  listAwardingEvents,
  publishAwardingEvent,
  updateAwardingEvent,
} from './admin-awarding-events.service';
import { addOnBehalf, enrolmentAction, type AttendanceChanged } from './admin-enrolments.service';
import { createModule, deleteModule, listModules, updateModule } from './admin-modules.service';
import { cancelOffering, copyOffering, createOffering, publishOffering, updateOffering } from './admin-offerings.service';

const tags = ['admin programme'];
const moduleParams = z.object({ moduleId: idParam });
const eventParams = z.object({ awardingEventId: idParam });
const offeringParams = z.object({ offeringId: idParam });

/** SPEC §3 admin paths of the season's programme; admins only */
/**
 * Who is told when bookings are marked attended or set back (in the action's transaction): modules above programme
 * (certificates) add their function from their module.ts; programme cannot import them (ADR 0009).
 */
declare module 'fastify' {
  interface FastifyInstance {
    attendanceListeners: AttendanceChanged[];
  }
}

export async function programmeAdminRoutes(app: FastifyInstance) {
  const asAdmin = adminRoute(app);

  // training modules
  asAdmin.get('/api/admin/training-modules', {
    schema: { tags, querystring: trainingModulesQuerySchema, response: { 200: trainingModulesAnswerSchema } },
    handler: async (request) => listModules(app.db, request.query.seasonId),
  });
  asAdmin.post('/api/admin/training-modules', {
    errors: [409],
    schema: { tags, body: trainingModuleInputSchema, response: { 201: trainingModuleSchema } },
    handler: async (request, reply) => reply.code(201).send(await createModule(app.db, request.body, auditContext(request))),
  });
  asAdmin.put('/api/admin/training-modules/:moduleId', {
    errors: [409],
    schema: { tags, params: moduleParams, body: trainingModuleUpdateSchema, response: { 200: trainingModuleSchema } },
    handler: async (request) => updateModule(app.db, request.params.moduleId, request.body, auditContext(request)),
  });
  asAdmin.delete('/api/admin/training-modules/:moduleId', {
    errors: [409],
    schema: { tags, params: moduleParams, querystring: withdrawQuerySchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await deleteModule(app.db, request.params.moduleId, request.query.version, auditContext(request));
      return reply.code(204).send(null);
    },
  });

  // awarding events
  asAdmin.get('/api/admin/awarding-events', {
    schema: { tags, querystring: trainingModulesQuerySchema, response: { 200: awardingEventsAnswerSchema } },
    handler: async (request) => listAwardingEvents(app.db, request.query.seasonId),
  });
  asAdmin.post('/api/admin/awarding-events', {
    errors: [409],
    schema: { tags, body: awardingEventInputSchema, response: { 201: adminAwardingEventSchema } },
    handler: async (request, reply) => reply.code(201).send(await createAwardingEvent(app.db, request.body, auditContext(request))),
  });
  asAdmin.get('/api/admin/awarding-events/:awardingEventId', {
    schema: { tags, params: eventParams, response: { 200: adminAwardingEventSchema } },
    handler: async (request) => awardingEventById(app.db, request.params.awardingEventId),
  });
  asAdmin.put('/api/admin/awarding-events/:awardingEventId', {
    errors: [409],
    schema: { tags, params: eventParams, body: awardingEventUpdateSchema, response: { 200: adminAwardingEventSchema } },
    handler: async (request) => updateAwardingEvent(app.db, request.params.awardingEventId, request.body, auditContext(request)),
  });
  asAdmin.post('/api/admin/awarding-events/:awardingEventId/publish', {
    errors: [409],
    schema: { tags, params: eventParams, body: versionBodySchema, response: { 200: adminAwardingEventSchema } },
    handler: async (request) => publishAwardingEvent(app.db, request.params.awardingEventId, request.body.version, auditContext(request)),
  });
  asAdmin.post('/api/admin/awarding-events/:awardingEventId/cancel', {
    errors: [409],
    schema: { tags, params: eventParams, body: offeringCancelSchema, response: { 200: adminAwardingEventSchema } },
    handler: async (request) => cancelAwardingEvent(app.db, request.params.awardingEventId, request.body, auditContext(request)),
  });
  await awardingEnrolmentListDef.register(app);

  // offerings (kind in the body) and their enrolments
  await adminOfferingListDef.register(app);
  asAdmin.post('/api/admin/offerings', {
    errors: [409],
    schema: { tags, body: offeringInputSchema, response: { 201: adminOfferingSchema } },
    handler: async (request, reply) => reply.code(201).send(await createOffering(app.db, request.body, auditContext(request))),
  });
  asAdmin.get('/api/admin/offerings/:offeringId', {
    schema: { tags, params: offeringParams, response: { 200: adminOfferingSchema } },
    handler: async (request) => adminOffering(app.db, request.params.offeringId),
  });
  asAdmin.put('/api/admin/offerings/:offeringId', {
    errors: [409],
    schema: { tags, params: offeringParams, body: offeringUpdateSchema, response: { 200: adminOfferingSchema } },
    handler: async (request) => updateOffering(app.db, request.params.offeringId, request.body, auditContext(request)),
  });
  asAdmin.post('/api/admin/offerings/:offeringId/publish', {
    errors: [409],
    schema: { tags, params: offeringParams, body: versionBodySchema, response: { 200: adminOfferingSchema } },
    handler: async (request) => publishOffering(app.db, request.params.offeringId, request.body.version, auditContext(request)),
  });
  asAdmin.post('/api/admin/offerings/:offeringId/cancel', {
    errors: [409],
    schema: { tags, params: offeringParams, body: offeringCancelSchema, response: { 200: adminOfferingSchema } },
    handler: async (request) => cancelOffering(app.db, request.params.offeringId, request.body, auditContext(request)),
  });
  asAdmin.post('/api/admin/offerings/:offeringId/copy', {
    errors: [409],
    schema: { tags, params: offeringParams, response: { 201: adminOfferingSchema } },
    handler: async (request, reply) => reply.code(201).send(await copyOffering(app.db, request.params.offeringId, auditContext(request))),
  });
  await offeringEnrolmentListDef.register(app);
  asAdmin.post('/api/admin/offerings/:offeringId/enrolments', {
    errors: [409],
    schema: { tags, params: offeringParams, body: adminBookingInputSchema, response: { 201: bookingResultSchema } },
    handler: async (request, reply) =>
      reply.code(201).send(await addOnBehalf(app.db, request.params.offeringId, request.body, auditContext(request))),
  });
  asAdmin.post('/api/admin/offerings/:offeringId/enrolments/actions', {
    errors: [409],
    schema: { tags, params: offeringParams, body: enrolmentActionInputSchema, response: { 200: enrolmentActionAnswerSchema } },
    handler: async (request) =>
      enrolmentAction(app.db, request.params.offeringId, request.body, auditContext(request), async (tx, change, ctx) => {
        for (const listener of app.attendanceListeners) await listener(tx, change, ctx);
      }),
  });

  // the KiTa's programme history for the admin KiTa detail
  asAdmin.get('/api/admin/facilities/:facilityId/programme', {
    schema: { tags, params: z.object({ facilityId: idParam }), response: { 200: facilityProgrammeHistorySchema } },
    handler: async (request) => {
      await activeFacility(app.db, request.params.facilityId);
      return facilityProgrammeHistory(app.db, request.params.facilityId);
    },
  });
}
