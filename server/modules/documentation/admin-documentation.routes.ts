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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminDocumentationDetailSchema,
  decisionInputSchema,
  juryQueueSchema,
  nextUnreviewedQuerySchema,
  nextUnreviewedSchema,
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
import { juryQueue, nextUnreviewed } from './jury-queue.service';
import { addNote } from './notes.service';
import { saveReview } from './review.service';
import { sendFormPdf, sendFormsZip, type PdfDeps } from './zip-forms';

const tags = ['admin documentation'];
const seasonParams = z.object({ seasonIdentifier: seasonIdentifierSchema });
const formParams = z.object({ seasonIdentifier: seasonIdentifierSchema, facilityId: idParam });
const fileParams = formParams.extend({ fileId: idParam });
const noteBody = noteInputSchema.refine((v) => isCleanText(v.text, true), { path: ['text'], message: textCharsMessage });

export async function adminDocumentationRoutes(app: FastifyInstance) {
  const asJury = juryRoute(app);
  const pdfDeps = (request: FastifyRequest): PdfDeps => ({ db: app.db, storage: app.fileStorage, renderer: app.pdf, log: request.log });
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
      handler: async (request, reply) =>
        sendAnswersExport(app.db, reply, request.params.seasonIdentifier, format, { submittedOnly: !request.user.isAdmin }),
    });
  }

  asJury.get(`${base}/forms.zip`, {
    schema: { tags, params: seasonParams, response: {} },
    handler: async (request, reply) => sendFormsZip(pdfDeps(request), reply, request.params.seasonIdentifier),
  });

  // issue 19: the jury's start page and "Nächster Bogen" (static segments: they win over `:facilityId`)
  asJury.get(`${base}/queue`, {
    schema: { tags, params: seasonParams, response: { 200: juryQueueSchema } },
    handler: async (request) => juryQueue(app.db, request.params.seasonIdentifier, request.user),
  });

  asJury.get(`${base}/next-unreviewed`, {
    schema: { tags, params: seasonParams, querystring: nextUnreviewedQuerySchema, response: { 200: nextUnreviewedSchema } },
    handler: async (request) => nextUnreviewed(app.db, request.params.seasonIdentifier, request.query.after, request.user),
  });

  asJury.get(`${base}/:facilityId`, {
    schema: { tags, params: formParams, response: { 200: adminDocumentationDetailSchema } },
    handler: async (request) => adminDocumentationDetail(app.db, request.params.seasonIdentifier, request.params.facilityId, request.user),
  });

  asJury.get(`${base}/:facilityId/pdf`, {
    // 409: the PDF cannot be built (a photo pdfkit cannot read made its thread fail, or it took too long)
    errors: [409],
    schema: { tags, params: formParams, response: {} },
    handler: async (request, reply) => sendFormPdf(pdfDeps(request), reply, request.params.seasonIdentifier, request.params.facilityId, request.user),
  });

  asJury.get(`${base}/:facilityId/files/:fileId`, {
    config: { cacheControl: 'private, no-store' },
    schema: { tags, params: fileParams, response: {} },
    handler: async (request, reply) =>
      sendAdminFile(app.db, app.fileStorage, reply, request.params.seasonIdentifier, request.params.facilityId, request.params.fileId, request.user),
  });

  asJury.post(`${base}/:facilityId/decision`, {
    // 409: not submitted (invalid_transition), the KiTa's enrolment is gone
    errors: [409],
    schema: { tags, params: formParams, body: decisionInputSchema, response: { 200: adminDocumentationDetailSchema } },
    handler: async (request) => {
      const detail = await decideDocumentation(
        app.db,
        request.params.seasonIdentifier,
        request.params.facilityId,
        request.body,
        request.user,
        auditContext(request),
      );
      kickMailWorkers();
      return detail;
    },
  });

  asJury.put(`${base}/:facilityId/review`, {
    // 403: not in the jury; 409: not submitted yet
    errors: [403, 409],
    schema: { tags, params: formParams, body: reviewInputSchema, response: { 200: adminDocumentationDetailSchema } },
    handler: async (request) =>
      saveReview(app.db, request.params.seasonIdentifier, request.params.facilityId, request.body, request.user, auditContext(request)),
  });

  asJury.post(`${base}/:facilityId/notes`, {
    schema: { tags, params: formParams, body: noteBody, response: { 201: adminDocumentationDetailSchema } },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await addNote(app.db, request.params.seasonIdentifier, request.params.facilityId, request.body, request.user, auditContext(request))),
  });
}
