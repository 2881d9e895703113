/**
 * Issue 12, the admin and jury side of the documentation form (paths in src/shared/contracts/admin-documentation.ts).
 * Every route here is `juryRoute`: admins and jury members (template writes are the staff module's, admins only).
 *
 * Who does what:
 * - reading (list, exports, detail, files, PDF, ZIP), internal notes: admins and jury members;
 * - decisions (Annehmen, Zurückgeben, Ablehnen): admins and jury members alike (the issue: "jury actions approve,
 *   return, reject"); the jury of the state ministries is the body that judges, admins act for it when it met on
 *   paper. Each decision is audited with its author, so who decided stays visible;
 * - reviews (scores): jury members only (`is_jury`; an admin who is also in the jury reviews as a jury member); an
 *   admin outside the jury sees every review but scores none, so "reviews m / n" counts the jury;
 * - a jury member sees the others' reviews and the average only once their own review is in (pretalx's rule);
 *   admins always see them.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminDocumentationDetailSchema,
  decisionInputSchema,
  noteInputSchema,
  reviewInputSchema,
} from '../../../src/shared/contracts/admin-documentation';
import { seasonChoiceListSchema } from '../../../src/shared/contracts/admin-seasons';
import { idParam, isCleanText, textCharsMessage } from '../../../src/shared/contracts/common';
import { juryRoute } from '../../lib/route-builders';
import { auditContext } from '../audit/audit';
import { seasonChoices } from '../seasons/admin-seasons.service';
import { kickMailWorkers } from '../mail/outbox';
import { adminDocumentationListDef } from './admin-documentation.list';
import { adminDocumentationDetail } from './admin-documentation.service';
import { sendAdminFile } from './admin-files';
import { seasonIdentifierSchema } from '../../../src/shared/contracts/documentation-template';
import { decideDocumentation } from './decision.service';
import { sendAnswersExport } from './export-answers';
import { addNote } from './notes.service';
import { saveReview } from './review.service';
import { sendFormPdf, sendFormsZip } from './zip-forms';

const tags = ['admin documentation'];
const seasonParams = z.object({ seasonIdentifier: seasonIdentifierSchema });
const formParams = z.object({ seasonIdentifier: seasonIdentifierSchema, facilityId: idParam });
const fileParams = formParams.extend({ fileId: idParam });
const noteBody = noteInputSchema.refine((v) => isCleanText(v.text, true), { path: ['text'], message: textCharsMessage });

export async function adminDocumentationRoutes(app: FastifyInstance) {
  const asJury = juryRoute(app);
  const base = '/api/admin/documentation/:seasonIdentifier';

  await adminDocumentationListDef.register(app);

  // the season switch of the list, for the jury too (the admin season list is admins' only)
  asJury.get('/api/admin/documentation/seasons', {
    schema: { tags, response: { 200: seasonChoiceListSchema } },
    handler: async () => ({ items: await seasonChoices(app.db) }),
  });

  for (const format of ['csv', 'xlsx'] as const) {
    asJury.get(`${base}/answers.${format}`, {
      schema: { tags, params: seasonParams, response: {} },
      handler: async (request, reply) => sendAnswersExport(app.db, reply, request.params.seasonIdentifier, format),
    });
  }

  asJury.get(`${base}/forms.zip`, {
    schema: { tags, params: seasonParams, response: {} },
    handler: async (request, reply) => sendFormsZip(app.db, app.fileStorage, reply, request.params.seasonIdentifier),
  });

  asJury.get(`${base}/:facilityId`, {
    schema: { tags, params: formParams, response: { 200: adminDocumentationDetailSchema } },
    handler: async (request) => adminDocumentationDetail(app.db, request.params.seasonIdentifier, request.params.facilityId, request.user),
  });

  asJury.get(`${base}/:facilityId/pdf`, {
    schema: { tags, params: formParams, response: {} },
    handler: async (request, reply) => sendFormPdf(app.db, app.fileStorage, reply, request.params.seasonIdentifier, request.params.facilityId),
  });

  asJury.get(`${base}/:facilityId/files/:fileId`, {
    config: { cacheControl: 'private, no-store' },
    schema: { tags, params: fileParams, response: {} },
    handler: async (request, reply) =>
      sendAdminFile(app.db, app.fileStorage, reply, request.params.seasonIdentifier, request.params.facilityId, request.params.fileId),
  });

  asJury.post(`${base}/:facilityId/decision`, {
    // 409: not submitted (invalid_transition), the KiTa's enrolment is gone
    errors: [409],
    schema: { tags, params: formParams, body: decisionInputSchema, response: { 200: adminDocumentationDetailSchema } },
    handler: async (request) => {
      const detail = await decideDocumentation(app.db, request.params.seasonIdentifier, request.params.facilityId, request.body, request.user, auditContext(request));
      kickMailWorkers();
      return detail;
    },
  });

  asJury.put(`${base}/:facilityId/review`, {
    // 403: not in the jury; 409: not submitted yet
    errors: [403, 409],
    schema: { tags, params: formParams, body: reviewInputSchema, response: { 200: adminDocumentationDetailSchema } },
    handler: async (request) => saveReview(app.db, request.params.seasonIdentifier, request.params.facilityId, request.body, request.user, auditContext(request)),
  });

  asJury.post(`${base}/:facilityId/notes`, {
    schema: { tags, params: formParams, body: noteBody, response: { 201: adminDocumentationDetailSchema } },
    handler: async (request, reply) =>
      reply.code(201).send(await addNote(app.db, request.params.seasonIdentifier, request.params.facilityId, request.body, request.user, auditContext(request))),
  });
}
