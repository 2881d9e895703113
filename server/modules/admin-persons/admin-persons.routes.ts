import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPersonDetailSchema } from '../../../src/shared/contracts/admin-persons';
import { idParam } from '../../../src/shared/contracts/common';
import { errorResponses } from '../../../src/shared/contracts/errors';
import { personSchema, personUpdateSchema } from '../../../src/shared/contracts/persons';
import { auditContext } from '../audit/audit';
import { adminPersonDetail, adminPersonListDef, adminUpdatePerson } from './admin-persons.service';

const params = z.object({ personId: idParam });
const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['admin persons'];

export async function adminPersonRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  await adminPersonListDef.register(app);
  r.get('/api/admin/persons/:personId', {
    config: admin,
    schema: { tags, params, response: { 200: adminPersonDetailSchema, ...errors } },
    handler: async (request) => adminPersonDetail(app.db, request.params.personId),
  });
  r.put('/api/admin/persons/:personId', {
    config: admin,
    schema: { tags, params, body: personUpdateSchema, response: { 200: personSchema, ...errors } },
    handler: async (request) => adminUpdatePerson(app.db, request.params.personId, request.body, auditContext(request)),
  });
}
