import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../src/shared/contracts/common';
import {
  legacyHistorySchema,
  legacyImportListSchema,
  legacyImportRowSchema,
  legacyImportSchema,
  legacyMappingSchema,
  legacyRowMatchSchema,
  legacyRowsPageSchema,
  legacyRowsQuerySchema,
  legacyUploadQuerySchema,
} from '../../../src/shared/contracts/legacy-imports';
import { fail } from '../../lib/http-error';
import { adminRoute } from '../../lib/route-builders';
import { auditContext } from '../audit/audit';
import { isReceivedUpload, uploadBody } from '../documentation/upload-body';
import { LEGACY_LIMITS } from './legacy-file';
import { legacyHistoryOfFacility } from './legacy-history';
import {
  commitImport,
  fixRowMatch,
  legacyImportDetail,
  legacyImportHistory,
  legacyImportRowsPage,
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

/** the upload in its own scope: the octet-stream body goes to a temp file (documentation's upload handling), 10 MB */
async function uploadRoute(app: FastifyInstance) {
  uploadBody(app, {
    access: 'admin',
    maxBytes: LEGACY_LIMITS.fileBytes,
    tooLarge: () => fail('legacy_import.file_too_large', [LEGACY_LIMITS.fileBytes / (1024 * 1024)]),
  });
  adminRoute(app).post(url, {
    errors: [413, 429],
    schema: { tags, querystring: legacyUploadQuerySchema, response: { 201: legacyImportSchema } },
    handler: async (request, reply) => {
      const upload = isReceivedUpload(request.body) ? request.body : null;
      const created = await uploadLegacyFile(app.db, upload, request.query.fileName, auditContext(request));
      return reply.code(201).send(created);
    },
  });
}
