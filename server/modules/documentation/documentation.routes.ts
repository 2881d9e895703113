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
import { DOC_LIMITS, seasonIdentifierSchema, templateCopyInputSchema, templateInputSchema, templateSchema } from '../../../src/shared/contracts/documentation-template';
import { fail } from '../../lib/http-error';
import { adminRoute, memberRoute } from '../../lib/route-builders';
import { auditContext } from '../audit/audit';
import { kickMailWorkers } from '../mail/outbox';
import { formPdfSource, notifySubmitted } from './documentation.mail';
import { deleteFile, inlineDisposition, readFile, uploadFile } from './files.service';
import { documentationPdf } from './form-pdf';
import { userName } from './form.repository';
import { autosave, formScope, getForm, submitForm } from './form.service';
import { copyTemplate, saveTemplate, templateOfSeason } from './templates.service';

const facilityParams = z.object({ facilityId: idParam });
const seasonParams = z.object({ seasonIdentifier: seasonIdentifierSchema });
const fileParams = facilityParams.extend({ fileId: idParam });
const tags = ['documentation'];
const adminTags = ['admin documentation'];

/** the scope of a staff call: the season guard, the KiTa's label (from the session for members) and the template */
function scopeOf(app: FastifyInstance, request: FastifyRequest & { params: { facilityId: number } }) {
  const user = request.user!;
  const facilityId = request.params.facilityId;
  const known = request.userContext?.facilities.find((f) => f.id === facilityId)?.label;
  return formScope(app.db, facilityId, { id: user.id, isAdmin: user.isAdmin }, known);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function documentationRoutes(app: FastifyInstance) {
  // the submission mail's PDF, built by the mail worker when it sends
  app.mail.attachmentSources.set(formPdfSource, (data) => readAll(documentationPdf(app.db, app.fileStorage, Number(data.formId))));
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

/**
 * The raw body of an upload, at most DOC_LIMITS.fileBytes: a larger Content-Length is refused before reading, a
 * body that grows past the limit while arriving is cut off. Both answer 413 with the German text.
 */
function readUpload(request: FastifyRequest, payload: NodeJS.ReadableStream & { destroy?: () => void }, done: (err: Error | null, body?: Buffer) => void) {
  const tooLarge = () => fail('documentation.file_too_large', [Math.round(DOC_LIMITS.fileBytes / (1024 * 1024))]);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > DOC_LIMITS.fileBytes) {
    payload.resume();
    return done(tooLarge());
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (err: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    payload.removeListener('data', onData);
    done(err, body);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > DOC_LIMITS.fileBytes) {
      // keep draining (discarding) so the 413 reaches the client instead of a reset connection
      payload.resume();
      return finish(tooLarge());
    }
    chunks.push(chunk);
  };
  payload.on('data', onData);
  payload.on('end', () => finish(null, Buffer.concat(chunks, size)));
  payload.on('error', (err: Error) => finish(err));
}

/** uploads in their own scope: the octet-stream parser (and its limit) exists for these routes only */
async function fileRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/octet-stream', readUpload);
  const asMember = memberRoute(app);
  const url = '/api/facilities/:facilityId/documentation/files';

  asMember.post(url, {
    // 409: closed season, deadline, submitted form, too many files; 413: file or form too large
    errors: [409, 413],
    schema: { tags, params: facilityParams, querystring: uploadQuerySchema, response: { 201: uploadedFileSchema } },
    handler: async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const file = await uploadFile(app.db, app.fileStorage, await scopeOf(app, request), { ...request.query, bytes }, auditContext(request));
      return reply.code(201).send(file);
    },
  });
  asMember.get(`${url}/:fileId`, {
    config: { cacheControl: 'private, no-store' },
    schema: { tags, params: fileParams },
    handler: async (request, reply) => {
      const file = await readFile(app.db, app.fileStorage, await scopeOf(app, request), request.params.fileId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', inlineDisposition(file.name))
        .send(file.body);
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
