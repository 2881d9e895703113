import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminPersonDetailSchema, adminPersonListQuerySchema, adminPersonPageSchema } from '../../../src/shared/contracts/admin-persons';
import { idParam } from '../../../src/shared/contracts/common';

import { personSchema, personUpdateSchema } from '../../../src/shared/contracts/persons';
import { auditContext } from '../audit/audit';
import { sendPersonExport } from './admin-persons.export';
import { adminPersonDetail, adminPersonPage, adminUpdatePerson } from './admin-persons.service';
import { adminRoute } from '../../lib/route-builders';

const params = z.object({ personId: idParam });
const tags = ['admin persons'];

export async function adminPersonRoutes(app: FastifyInstance) {
  const asAdmin = adminRoute(app);

  asAdmin.get('/api/admin/persons', {
    schema: { tags, querystring: adminPersonListQuerySchema, response: { 200: adminPersonPageSchema } },
    handler: async (request) => adminPersonPage(app.db, request.query),
  });
  for (const format of ['csv', 'xlsx'] as const) {
    asAdmin.get(`/api/admin/persons/export.${format}`, {
      schema: { tags, querystring: adminPersonListQuerySchema, response: {} },
      handler: async (request, reply) => sendPersonExport(reply, app.db, request.query, format),
    });
  }
  asAdmin.get('/api/admin/persons/:personId', {
    schema: { tags, params, response: { 200: adminPersonDetailSchema } },
    handler: async (request) => adminPersonDetail(app.db, request.params.personId),
  });
  asAdmin.put('/api/admin/persons/:personId', {
    schema: { tags, params, body: personUpdateSchema, response: { 200: personSchema } },
    handler: async (request) => adminUpdatePerson(app.db, request.params.personId, request.body, auditContext(request)),
  });
}
