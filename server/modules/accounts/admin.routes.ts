import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCreateUserRequestSchema,
  adminSetAdminRequestSchema,
  adminUserParamsSchema,
  adminUserSchema,
  endSessionsResponseSchema,
  messageResponseSchema,
  privacyPolicyResponseSchema,
  publishPrivacyPolicyRequestSchema,
} from '../../../src/shared/contracts/accounts';
import { errorBodySchema, errorResponses } from '../../../src/shared/contracts/errors';
import { auditContext } from '../audit/audit';
import {
  createUserByAdmin,
  deactivateUser,
  endUserSessions,
  getAdminUser,
  publishPrivacyPolicy,
  reactivateUser,
  resendActivation,
  setAdmin,
} from './admin.service';

const errors = errorResponses(400, 404, 409);

/** Admin account calls (issue 4); the work is in admin.service.ts. */
export async function accountAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin-users'];

  r.get('/api/admin/users/:userId', {
    config: { access: 'admin' },
    schema: { tags, params: adminUserParamsSchema, response: { 200: adminUserSchema, 404: errorBodySchema } },
    handler: async (request) => getAdminUser(app.db, request.params.userId),
  });

  r.post('/api/admin/users', {
    config: { access: 'admin' },
    schema: { tags, body: adminCreateUserRequestSchema, response: { 201: adminUserSchema, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createUserByAdmin(app.db, request.body, auditContext(request))),
  });

  r.post('/api/admin/users/:userId/activation/resend', {
    config: { access: 'admin' },
    schema: { tags, params: adminUserParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    handler: async (request) => resendActivation(app.db, request.params.userId, auditContext(request)),
  });

  r.post('/api/admin/users/:userId/deactivate', {
    config: { access: 'admin' },
    schema: { tags, params: adminUserParamsSchema, response: { 200: adminUserSchema, ...errors } },
    handler: async (request) => deactivateUser(app.db, request.params.userId, request.user!.id, auditContext(request)),
  });

  r.post('/api/admin/users/:userId/reactivate', {
    config: { access: 'admin' },
    schema: { tags, params: adminUserParamsSchema, response: { 200: adminUserSchema, ...errors } },
    handler: async (request) => reactivateUser(app.db, request.params.userId, auditContext(request)),
  });

  r.post('/api/admin/users/:userId/sessions/end', {
    config: { access: 'admin' },
    schema: { tags, params: adminUserParamsSchema, response: { 200: endSessionsResponseSchema, ...errors } },
    handler: async (request) =>
      endUserSessions(app.db, request.params.userId, { userId: request.user!.id, sessionId: request.session?.id }, auditContext(request)),
  });

  r.put('/api/admin/users/:userId/admin', {
    config: { access: 'admin' },
    schema: { tags, params: adminUserParamsSchema, body: adminSetAdminRequestSchema, response: { 200: adminUserSchema, ...errors } },
    handler: async (request) => setAdmin(app.db, request.params.userId, request.body.isAdmin, auditContext(request)),
  });

  r.post('/api/admin/privacy-policy', {
    config: { access: 'admin' },
    schema: { tags, body: publishPrivacyPolicyRequestSchema, response: { 201: privacyPolicyResponseSchema, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await publishPrivacyPolicy(app.db, request.body.version, auditContext(request))),
  });
}
