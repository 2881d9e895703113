import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../src/shared/contracts/common';
import {
  legacyHistorySchema,
  legacyImportListSchema,
  legacyImportRowSchema,
  legacyImportSchema,
  legacyMappingSchema,
  legacyRowFixSchema,
  legacyRowMatchSchema,
  legacyRowSkipSchema,
  legacyRowsPageSchema,
  legacyRowsQuerySchema,
  legacyUploadField,
  legacyFileNameMax,
} from '../../../src/shared/contracts/legacy-imports';
import { fail } from '../../lib/http-error';
import { adminRoute } from '../../lib/route-builders';
import { auditContext } from '../audit/audit';
import { multipartUpload } from '../documentation/upload-body';
import { LEGACY_LIMITS } from './legacy-file';
import { legacyHistoryOfFacility } from './legacy-history';
import {
  commitImport,
  correctRow,
  discardPreview,
  fixRowMatch,
  legacyImportDetail,
  legacyImportHistory,
  legacyImportRowsPage,
  skipRow,
  undoImport,
  updateMapping,
  uploadLegacyFile,
} from './legacy-imports.service';

const tags = ['admin legacy imports'];
const url = '/api/admin/legacy-imports';
const params = z.object({ importId: idParam });
const rowParams = z.object({ importId: idParam, rowId: idParam });

export async function legacyImportRoutes(app: FastifyInstance) {
  const asAdmin = adminRoute(app);
  await app.register(uploadRoute);

  asAdmin.get(url, {
    schema: { tags, response: { 200: legacyImportListSchema } },
    handler: async () => legacyImportHistory(app.db),
  });
  asAdmin.get(`${url}/:importId`, {
    schema: { tags, params, response: { 200: legacyImportSchema } },
    handler: async (request) => legacyImportDetail(app.db, request.params.importId),
  });
  // "Vorschau verwerfen": an import in preview goes with its rows; an imported or undone one answers 409
  asAdmin.delete(`${url}/:importId`, {
    errors: [409],
    schema: { tags, params, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await discardPreview(app.db, request.params.importId, auditContext(request));
      return reply.code(204).send(null);
    },
  });
  asAdmin.put(`${url}/:importId/mapping`, {
    errors: [409],
    schema: { tags, params, body: legacyMappingSchema, response: { 200: legacyImportSchema } },
    handler: async (request) => updateMapping(app.db, request.params.importId, request.body.columns, auditContext(request)),
  });
  asAdmin.get(`${url}/:importId/rows`, {
    schema: { tags, params, querystring: legacyRowsQuerySchema, response: { 200: legacyRowsPageSchema } },
    handler: async (request) => legacyImportRowsPage(app.db, request.params.importId, request.query),
  });
  asAdmin.put(`${url}/:importId/rows/:rowId/match`, {
    errors: [409],
    schema: { tags, params: rowParams, body: legacyRowMatchSchema, response: { 200: legacyImportRowSchema } },
    handler: async (request) => fixRowMatch(app.db, request.params.importId, request.params.rowId, request.body.facilityId, auditContext(request)),
  });
  // "Zeile korrigieren": the row's cells per mapped field; read and matched again as at the upload
  asAdmin.put(`${url}/:importId/rows/:rowId`, {
    errors: [409],
    schema: { tags, params: rowParams, body: legacyRowFixSchema, response: { 200: legacyImportRowSchema } },
    handler: async (request) => correctRow(app.db, request.params.importId, request.params.rowId, request.body.fields, auditContext(request)),
  });
  // "Überspringen" / "Wieder aufnehmen"
  asAdmin.put(`${url}/:importId/rows/:rowId/skip`, {
    errors: [409],
    schema: { tags, params: rowParams, body: legacyRowSkipSchema, response: { 200: legacyImportRowSchema } },
    handler: async (request) => skipRow(app.db, request.params.importId, request.params.rowId, request.body.skipped, auditContext(request)),
  });
  asAdmin.post(`${url}/:importId/commit`, {
    errors: [409],
    schema: { tags, params, response: { 200: legacyImportSchema } },
    handler: async (request) => commitImport(app.db, request.params.importId, { ...auditContext(request), actorUserId: request.user.id }),
  });
  asAdmin.post(`${url}/:importId/undo`, {
    errors: [409],
    schema: { tags, params, response: { 200: legacyImportSchema } },
    handler: async (request) => undoImport(app.db, request.params.importId, { ...auditContext(request), actorUserId: request.user.id }),
  });
  asAdmin.get('/api/admin/facilities/:facilityId/legacy-history', {
    schema: { tags, params: z.object({ facilityId: idParam }), response: { 200: legacyHistorySchema } },
    handler: async (request) => legacyHistoryOfFacility(app.db, request.params.facilityId),
  });
}

/**
 * The upload in its own scope (SPEC §3: a multipart upload of a CSV or XLSX): @fastify/multipart is registered here
 * only, the file in the field `datei` goes to a temp file (the documentation's upload handling), 10 MB.
 */
async function uploadRoute(app: FastifyInstance) {
  const readUpload = await multipartUpload(app, {
    field: legacyUploadField,
    maxBytes: LEGACY_LIMITS.fileBytes,
    maxNameLength: legacyFileNameMax,
    tooLarge: () => fail('legacy_import.file_too_large', [LEGACY_LIMITS.fileBytes / (1024 * 1024)]),
    missing: () => fail('legacy_import.file_missing'),
    oneFile: () => fail('legacy_import.one_file'),
    nameTooLong: () => fail('legacy_import.file_name_too_long'),
    broken: () => fail('legacy_import.form_unreadable'),
  });
  adminRoute(app).post(url, {
    // 400: no file, two files, a file we cannot read; 413: over 10 MB; 429: the user's uploads in flight
    errors: [400, 413, 429],
    config: {
      multipartFile: {
        field: legacyUploadField,
        description: 'Die Datei mit den alten Daten: CSV oder XLSX, höchstens 10 MB; ihr Name wird der Name des Imports.',
      },
    },
    schema: { tags, response: { 201: legacyImportSchema } },
    handler: async (request, reply) => {
      const upload = await readUpload(request, reply);
      const created = await uploadLegacyFile(app.db, upload, upload.fileName, auditContext(request));
      return reply.code(201).send(created);
    },
  });
}
