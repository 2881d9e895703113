import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../src/shared/contracts/common';
import {
  autosaveInputSchema,
  autosaveResultSchema,
  documentationFormSchema,
  submitInputSchema,
  uploadedFileSchema,
  uploadQuerySchema,
} from '../../../src/shared/contracts/documentation';
import {
  seasonIdentifierSchema,
  templateCopyInputSchema,
  templateInputSchema,
  templateSchema,
} from '../../../src/shared/contracts/documentation-template';
import { adminRoute, memberRoute } from '../../lib/route-builders';
import { auditContext } from '../audit/audit';
import { PdfRenderError } from '../../lib/pdf-pool';
import { kickMailWorkers } from '../mail/outbox';
import { AttachmentUnavailableError } from '../mail/templates';
import type { SessionUser } from '../users/users.table';
import { formPdfSource, notifySubmitted } from './documentation.mail';
import { sendStoredFile } from './file-response';
import { deleteFile, readFile, uploadFile } from './files.service';
import { documentationPdf } from './form-pdf';
import { userName } from './form.queries';
import { autosave } from './form-autosave';
import { formScope, getForm, submitForm } from './form.service';
import { copyTemplate, saveTemplate, templateOfSeason } from './templates.service';
import { isReceivedUpload, uploadBody } from './upload-body';

const facilityParams = z.object({ facilityId: idParam });
const seasonParams = z.object({ seasonIdentifier: seasonIdentifierSchema });
const fileParams = facilityParams.extend({ fileId: idParam });
const tags = ['documentation'];
const adminTags = ['admin documentation'];

/** the scope of a staff call: the season guard, the KiTa's label (from the session for members) and the template */
function scopeOf(app: FastifyInstance, request: Pick<FastifyRequest, 'userContext'> & { params: { facilityId: number }; user: SessionUser }) {
  const user = request.user;
  const facilityId = request.params.facilityId;
  const known = request.userContext?.facilities.find((f) => f.id === facilityId)?.label;
  return formScope(app.db, facilityId, { id: user.id, isAdmin: user.isAdmin }, known);
}

export async function documentationRoutes(app: FastifyInstance) {
  // the submission mail's PDF, built by the mail worker when it sends; a PDF that cannot be built (PdfRenderError)
  // leaves the mail without it (logged with the form's id), other failures (database, storage) retry the mail
  app.mail.attachmentSources.set(formPdfSource, async (data) => {
    const formId = Number(data.formId);
    try {
      return await documentationPdf(app.db, app.fileStorage, app.pdf, formId);
    } catch (err) {
      if (!(err instanceof PdfRenderError)) throw err;
      app.log.warn(
        { formId, reason: err.reason, detail: err.message.slice(0, 300) },
        'documentation PDF could not be built (submission mail goes without it)',
      );
      throw new AttachmentUnavailableError(`documentation PDF of form ${formId}: ${err.reason}`);
    }
  });
  const asMember = memberRoute(app);
  const asAdmin = adminRoute(app);
  const url = '/api/facilities/:facilityId/documentation';

  asMember.get(url, {
    schema: { tags, params: facilityParams, response: { 200: documentationFormSchema } },
    handler: async (request) => getForm(app.db, await scopeOf(app, request)),
  });
  // 409: a closed season, a passed deadline or a form that is submitted or decided
  asMember.put(url, {
    errors: [409],
    schema: { tags, params: facilityParams, body: autosaveInputSchema, response: { 200: autosaveResultSchema } },
    handler: async (request) => autosave(app.db, await scopeOf(app, request), request.body, auditContext(request)),
  });
  asMember.post(`${url}/submit`, {
    schema: { tags, params: facilityParams, body: submitInputSchema, response: { 200: documentationFormSchema } },
    handler: async (request) => {
      const form = await submitForm(app.db, await scopeOf(app, request), request.body.version, auditContext(request), async (tx, scope, row) =>
        notifySubmitted(tx, scope.facilityId, {
          formId: row.id,
          facilityLabel: scope.facilityLabel,
          seasonLabel: scope.season.label,
          seasonIdentifier: scope.season.identifier,
          submittedAt: row.submittedAt!.toISOString(),
          submittedBy: (await userName(tx, scope.actor.id)) ?? '',
        }),
      );
      kickMailWorkers();
      return form;
    },
  });

  await app.register(fileRoutes);

  const templateUrl = '/api/admin/documentation/:seasonIdentifier/template';
  asAdmin.get(templateUrl, {
    schema: { tags: adminTags, params: seasonParams, response: { 200: templateSchema } },
    handler: async (request) => templateOfSeason(app.db, request.params.seasonIdentifier),
  });
  asAdmin.put(templateUrl, {
    schema: { tags: adminTags, params: seasonParams, body: templateInputSchema, response: { 200: templateSchema } },
    handler: async (request) => saveTemplate(app.db, request.params.seasonIdentifier, request.body, auditContext(request)),
  });
  asAdmin.post(`${templateUrl}/copy`, {
    schema: { tags: adminTags, params: seasonParams, body: templateCopyInputSchema, response: { 200: templateSchema } },
    handler: async (request) => copyTemplate(app.db, request.params.seasonIdentifier, request.body, auditContext(request)),
  });
}

/** uploads in their own scope: the octet-stream parser, its limits and the uploads in flight exist for these routes only */
async function fileRoutes(app: FastifyInstance) {
  uploadBody(app);
  const asMember = memberRoute(app);
  const url = '/api/facilities/:facilityId/documentation/files';

  asMember.post(url, {
    // 400: a wrong type, a photo that does not decode or has too many pixels; 409: closed season, deadline, submitted
    // form, too many files; 413: file or form too large; 429: the user's uploads in flight
    errors: [409, 413, 429],
    schema: { tags, params: facilityParams, querystring: uploadQuerySchema, response: { 201: uploadedFileSchema } },
    handler: async (request, reply) => {
      const upload = isReceivedUpload(request.body) ? request.body : null;
      const file = await uploadFile(app.db, app.fileStorage, await scopeOf(app, request), { ...request.query, upload }, auditContext(request));
      return reply.code(201).send(file);
    },
  });
  asMember.get(`${url}/:fileId`, {
    config: { cacheControl: 'private, no-store' },
    schema: { tags, params: fileParams },
    handler: async (request, reply) => {
      const file = await readFile(app.db, app.fileStorage, await scopeOf(app, request), request.params.fileId);
      return sendStoredFile(reply, file, file.body);
    },
  });
  asMember.delete(`${url}/:fileId`, {
    errors: [409],
    schema: { tags, params: fileParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await deleteFile(app.db, app.fileStorage, await scopeOf(app, request), request.params.fileId, auditContext(request), (err) =>
        request.log.warn({ err }, 'documentation file row deleted, its bytes could not be removed from the storage'),
      );
      return reply.code(204).send(null);
    },
  });
}
