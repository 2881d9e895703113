import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  emailListInputSchema,
  emailListParams,
  emailListPreviewInputSchema,
  emailListPreviewSchema,
  emailListQuerySchema,
  emailListUpdateSchema,
  leftOutPageSchema,
  savedEmailListSchema,
  savedEmailListsSchema,
  type EmailListQuery,
} from '../../../src/shared/contracts/email-lists';
import type { Db } from '../../db/client';
import { csvExcel } from '../../lib/export-format';
import { berlinToday } from '../../../src/shared/berlin-date';
import { adminRoute } from '../../lib/route-builders';
import { xlsxStream } from '../../lib/xlsx-stream';
import { auditContext, type Ctx } from '../audit/audit';
import type { EmailListRow } from './email-lists.table';
import {
  copyToNextSeason,
  createList,
  deleteList,
  exportAddresses,
  exportColumns,
  exportLeftOut,
  findList,
  leftOut,
  leftOutColumns,
  getList,
  listLists,
  listQueryOf,
  previewList,
  updateList,
} from './email-lists.service';

const tags = ['admin email lists'];
const base = '/api/admin/email-lists';

/** SPEC §3 CSV (Excel) or XLSX of the addresses, streamed in keyset batches; the first batch before the first byte */
async function sendAddresses(db: Db, reply: FastifyReply, q: EmailListQuery, format: 'csv' | 'xlsx', ctx: Ctx, list?: EmailListRow) {
  const { fileName, batches } = await exportAddresses(db, q, format, ctx, list);
  const first = await batches.next();
  const all = (async function* () {
    if (!first.done) yield first.value;
    yield* batches;
  })();
  reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${fileName}-${berlinToday()}.${format}"`);
  if (format === 'csv') return reply.header('content-type', 'text/csv; charset=utf-8').send(Readable.from(csvExcel(exportColumns, all)));
  const stream = xlsxStream('E-Mail-Adressen', exportColumns, all, (err) => reply.log.error({ err }, 'e-mail list xlsx export failed'));
  return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(stream);
}

export async function emailListRoutes(app: FastifyInstance) {
  const asAdmin = adminRoute(app);

  asAdmin.post(`${base}/preview`, {
    schema: { tags, body: emailListPreviewInputSchema, response: { 200: emailListPreviewSchema } },
    handler: async (request) => {
      const { offset, limit, ...q } = request.body;
      return previewList(app.db, q, { offset, limit });
    },
  });

  asAdmin.post(`${base}/left-out`, {
    schema: { tags, body: emailListPreviewInputSchema, response: { 200: leftOutPageSchema } },
    handler: async (request) => {
      const { offset, limit, ...q } = request.body;
      return leftOut(app.db, q, { offset, limit });
    },
  });

  asAdmin.post(`${base}/left-out.csv`, {
    schema: { tags, body: emailListQuerySchema, response: {} },
    handler: async (request, reply) => {
      const { fileName, batches } = await exportLeftOut(app.db, request.body, auditContext(request));
      reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${fileName}-${berlinToday()}.csv"`);
      return reply.header('content-type', 'text/csv; charset=utf-8').send(Readable.from(csvExcel(leftOutColumns, batches)));
    },
  });

  for (const format of ['csv', 'xlsx'] as const) {
    asAdmin.post(`${base}/export.${format}`, {
      schema: { tags, body: emailListQuerySchema, response: {} },
      handler: async (request, reply) => sendAddresses(app.db, reply, request.body, format, auditContext(request)),
    });
    asAdmin.get(`${base}/:listId/export.${format}`, {
      schema: { tags, params: emailListParams, response: {} },
      handler: async (request, reply) => {
        const list = await findList(app.db, request.params.listId);
        return sendAddresses(app.db, reply, listQueryOf(list), format, auditContext(request), list);
      },
    });
  }

  asAdmin.get(base, {
    schema: { tags, response: { 200: savedEmailListsSchema } },
    handler: async () => listLists(app.db),
  });
  asAdmin.post(base, {
    schema: { tags, body: emailListInputSchema, response: { 201: savedEmailListSchema } },
    handler: async (request, reply) => reply.code(201).send(await createList(app.db, request.body, auditContext(request))),
  });
  asAdmin.get(`${base}/:listId`, {
    schema: { tags, params: emailListParams, response: { 200: savedEmailListSchema } },
    handler: async (request) => getList(app.db, request.params.listId),
  });
  asAdmin.put(`${base}/:listId`, {
    schema: { tags, params: emailListParams, body: emailListUpdateSchema, response: { 200: savedEmailListSchema } },
    handler: async (request) => updateList(app.db, request.params.listId, request.body, auditContext(request)),
  });
  asAdmin.delete(`${base}/:listId`, {
    schema: { tags, params: emailListParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await deleteList(app.db, request.params.listId, auditContext(request));
      return reply.code(204).send(null);
    },
  });
  asAdmin.post(`${base}/:listId/copy`, {
    errors: [409],
    schema: { tags, params: emailListParams, response: { 201: savedEmailListSchema } },
    handler: async (request, reply) => reply.code(201).send(await copyToNextSeason(app.db, request.params.listId, auditContext(request))),
  });
}
