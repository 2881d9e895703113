import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminPersonDetailSchema } from '../../../src/shared/contracts/admin-persons';
import { idParam } from '../../../src/shared/contracts/common';

import { personSchema, personUpdateSchema } from '../../../src/shared/contracts/persons';
import { auditContext } from '../audit/audit';
import { adminRoute } from '../../lib/route-builders';
import { adminPersonDetail, adminPersonListDef, adminUpdatePerson } from './admin-persons.service';

const params = z.object({ personId: idParam });
const tags = ['admin persons'];

export async function adminPersonRoutes(app: FastifyInstance) {
  const asAdmin = adminRoute(app);

  await adminPersonListDef.register(app);
  asAdmin.get('/api/admin/persons/:personId', {
    schema: { tags, params, response: { 200: adminPersonDetailSchema } },
    handler: async (request) => adminPersonDetail(app.db, request.params.personId),
  });
  asAdmin.put('/api/admin/persons/:personId', {
    schema: { tags, params, body: personUpdateSchema, response: { 200: personSchema } },
    handler: async (request) => adminUpdatePerson(app.db, request.params.personId, request.body, auditContext(request)),
  });
}
