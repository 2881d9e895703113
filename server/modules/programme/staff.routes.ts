import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../src/shared/contracts/common';
import {
  awardingAnswerSchema,
  bookingInputSchema,
  bookingResultSchema,
  cancelAnswerSchema,
  facilityEnrolmentsAnswerSchema,
  facilityEnrolmentsQuerySchema,
  hospitationVisitsAnswerSchema,
  offeringsAnswerSchema,
  offeringsQuerySchema,
} from '../../../src/shared/contracts/programme';
import { memberRoute } from '../../lib/route-builders';
import { auditContext } from '../audit/audit';
import { mailContext } from '../mail/templates';
import { rateLimiter } from '../rate-limit/rate-limit';
import { cancelEnrolment } from './booking-cancel';
import { book } from './booking';
import { programmeRateRules } from './programme-rate-limits';
import { enrolmentIcs, facilityAwarding, facilityEnrolment, facilityEnrolments, facilityOfferings, hospitationVisits } from './staff.service';

const params = z.object({ facilityId: idParam });
const enrolmentParams = params.extend({ enrolmentId: idParam });
const tags = ['programme'];

/** SPEC §3: the season's programme of one KiTa (members and admins; the KiTa enrolled to the current season) */
export async function programmeStaffRoutes(app: FastifyInstance) {
  const asMember = memberRoute(app);

  asMember.get('/api/facilities/:facilityId/offerings', {
    schema: { tags, params, querystring: offeringsQuerySchema, response: { 200: offeringsAnswerSchema } },
    handler: async (request) => facilityOfferings(app.db, request.params.facilityId, request.query.kind),
  });

  asMember.post('/api/facilities/:facilityId/enrolments', {
    errors: [409, 429],
    schema: { tags, params, body: bookingInputSchema, response: { 201: bookingResultSchema } },
    handler: async (request, reply) => {
      // checks the KiTa, its enrolment to the current season, the staff entries and the rate limit itself, in two
      // round trips to the database (booking.ts)
      const result = await book(app.db, {
        facilityId: request.params.facilityId,
        offeringId: request.body.offeringId,
        personIds: request.body.personIds,
        actor: auditContext(request),
        rateLimit: [{ rule: programmeRateRules.bookingPerFacility, key: String(request.params.facilityId) }],
      });
      return reply.code(201).send(result);
    },
  });

  asMember.get('/api/facilities/:facilityId/enrolments', {
    schema: { tags, params, querystring: facilityEnrolmentsQuerySchema, response: { 200: facilityEnrolmentsAnswerSchema } },
    handler: async (request) => facilityEnrolments(app.db, request.params.facilityId, request.query.kind),
  });

  asMember.delete('/api/facilities/:facilityId/enrolments/:enrolmentId', {
    errors: [409, 429],
    schema: { tags, params: enrolmentParams, response: { 200: cancelAnswerSchema } },
    handler: async (request) => {
      const { facilityId, enrolmentId } = request.params;
      await facilityEnrolment(app.db, facilityId, enrolmentId);
      await rateLimiter({ db: app.db }).hit([{ rule: programmeRateRules.bookingPerFacility, key: String(facilityId) }]);
      await cancelEnrolment(app.db, { enrolmentId, facilityId, byAdmin: false, actor: auditContext(request) });
      return { enrolment: await facilityEnrolment(app.db, facilityId, enrolmentId) };
    },
  });

  asMember.get('/api/facilities/:facilityId/enrolments/:enrolmentId/calendar.ics', {
    schema: { tags, params: enrolmentParams, response: {} },
    handler: async (request, reply) => {
      const text = await enrolmentIcs(app.db, request.params.facilityId, request.params.enrolmentId, mailContext(app.appConfig));
      return (
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', `attachment; filename="termin-${request.params.enrolmentId}.ics"`)
          .header('cache-control', 'no-store')
          // a text/calendar body, not JSON: the 200 has no zod schema (like the list kit's exports)
          .send(Buffer.from(text, 'utf8') as never)
      );
    },
  });

  asMember.get('/api/facilities/:facilityId/hospitation-visits', {
    schema: { tags, params, response: { 200: hospitationVisitsAnswerSchema } },
    handler: async (request) => hospitationVisits(app.db, request.params.facilityId),
  });

  asMember.get('/api/facilities/:facilityId/awarding', {
    schema: { tags, params, response: { 200: awardingAnswerSchema } },
    handler: async (request) => facilityAwarding(app.db, request.params.facilityId),
  });
}
