import type { FastifyInstance } from 'fastify';
import {
  adminCreateUserRequestSchema,
  adminSetAdminRequestSchema,
  adminSetJuryRequestSchema,
  adminUserParamsSchema,
  adminUserSchema,
  endSessionsResponseSchema,
  messageResponseSchema,
  privacyPolicyResponseSchema,
  publishPrivacyPolicyRequestSchema,
} from '../../../src/shared/contracts/accounts';
import { errorBodySchema } from '../../../src/shared/contracts/errors';
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
  setJury,
} from './admin.service';
import { adminRoute } from '../../lib/route-builders';
import { logSecurityEvent } from '../../lib/security-log';

/** Admin account calls (issue 4); the work is in admin.service.ts. */
export async function accountAdminRoutes(app: FastifyInstance) {
  const asAdmin = adminRoute(app);
  const tags = ['admin-users'];

  asAdmin.get('/api/admin/users/:userId', {
    schema: { tags, params: adminUserParamsSchema, response: { 200: adminUserSchema, 404: errorBodySchema } },
    handler: async (request) => getAdminUser(app.db, request.params.userId),
  });

  asAdmin.post('/api/admin/users', {
    errors: [409],
    schema: { tags, body: adminCreateUserRequestSchema, response: { 201: adminUserSchema } },
    handler: async (request, reply) => {
      const created = await createUserByAdmin(app.db, request.body, auditContext(request));
      if (created.isAdmin) logSecurityEvent(request, 'admin.granted', { userId: created.id, actorUserId: request.user.id });
      return reply.status(201).send(created);
    },
  });

  asAdmin.post('/api/admin/users/:userId/activation/resend', {
    errors: [409],
    schema: { tags, params: adminUserParamsSchema, response: { 200: messageResponseSchema } },
    handler: async (request) => resendActivation(app.db, request.params.userId, auditContext(request)),
  });

  asAdmin.post('/api/admin/users/:userId/deactivate', {
    errors: [409],
    schema: { tags, params: adminUserParamsSchema, response: { 200: adminUserSchema } },
    handler: async (request) => deactivateUser(app.db, request.params.userId, request.user.id, auditContext(request)),
  });

  asAdmin.post('/api/admin/users/:userId/reactivate', {
    schema: { tags, params: adminUserParamsSchema, response: { 200: adminUserSchema } },
    handler: async (request) => reactivateUser(app.db, request.params.userId, auditContext(request)),
  });

  asAdmin.post('/api/admin/users/:userId/sessions/end', {
    schema: { tags, params: adminUserParamsSchema, response: { 200: endSessionsResponseSchema } },
    handler: async (request) =>
      endUserSessions(app.db, request.params.userId, { userId: request.user.id, sessionId: request.session?.id }, auditContext(request)),
  });

  asAdmin.put('/api/admin/users/:userId/admin', {
    errors: [409],
    schema: { tags, params: adminUserParamsSchema, body: adminSetAdminRequestSchema, response: { 200: adminUserSchema } },
    handler: async (request) => {
      const updated = await setAdmin(app.db, request.params.userId, request.body.isAdmin, auditContext(request));
      logSecurityEvent(request, request.body.isAdmin ? 'admin.granted' : 'admin.revoked', { userId: updated.id, actorUserId: request.user.id });
      return updated;
    },
  });

  // issue 12: admins only (a jury member grants nothing); the jury's own calls are juryRoute under /api/admin/documentation
  asAdmin.put('/api/admin/users/:userId/jury', {
    schema: { tags, params: adminUserParamsSchema, body: adminSetJuryRequestSchema, response: { 200: adminUserSchema } },
    handler: async (request) => {
      const updated = await setJury(app.db, request.params.userId, request.body.isJury, auditContext(request));
      logSecurityEvent(request, request.body.isJury ? 'jury.granted' : 'jury.revoked', { userId: updated.id, actorUserId: request.user.id });
      return updated;
    },
  });

  asAdmin.post('/api/admin/privacy-policy', {
    errors: [409],
    schema: { tags, body: publishPrivacyPolicyRequestSchema, response: { 201: privacyPolicyResponseSchema } },
    handler: async (request, reply) => reply.status(201).send(await publishPrivacyPolicy(app.db, request.body.version, auditContext(request))),
  });
}
