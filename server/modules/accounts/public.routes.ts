import type { FastifyInstance } from 'fastify';
import {
  activateRequestSchema,
  emailChangeConfirmRequestSchema,
  emailOnlyRequestSchema,
  messageResponseSchema,
  passwordResetRequestSchema,
  passwordResetResponseSchema,
  privacyPolicyResponseSchema,
  registerRequestSchema,
  tokenStatusQuerySchema,
  tokenStatusResponseSchema,
} from '../../../src/shared/contracts/accounts';
import { errorBodySchema } from '../../../src/shared/contracts/errors';
import { sessionContextColumns } from '../seasons/session-context';
import { sessionView } from '../users/user-view';
import { userQueries } from '../users/users.queries';
import { accountMessages, activate, forgotPassword, register, resendActivation, resetPassword, tokenStatus } from './registration.service';
import { confirmEmailChange, meMessages } from './me.service';
import { publicRoute } from '../../lib/route-builders';
import { logSecurityEvent } from '../../lib/security-log';

/** The public account flows (SPEC §4): none of them tells whether an address has an account. */
export async function accountPublicRoutes(app: FastifyInstance) {
  const asPublic = publicRoute(app);
  const deps = { db: app.db, config: app.appConfig };
  const meta = (request: { ip: string; id: string }) => ({ ip: request.ip, requestId: request.id });

  asPublic.get('/api/privacy-policy', {
    schema: { tags: ['accounts'], response: { 200: privacyPolicyResponseSchema } },
    handler: async () => {
      const policy = await userQueries({ db: app.db }).currentPrivacyPolicy();
      return { version: policy?.version ?? null, publishedAt: policy?.publishedAt.toISOString() ?? null };
    },
  });

  asPublic.post('/api/auth/register', {
    errors: [409, 429],
    schema: { tags: ['accounts'], body: registerRequestSchema, response: { 202: messageResponseSchema } },
    handler: async (request, reply) => {
      await register(deps, request.body, meta(request));
      return reply.status(202).send({ msg: accountMessages.registered });
    },
  });

  asPublic.get('/api/auth/token-status', {
    schema: { tags: ['accounts'], querystring: tokenStatusQuerySchema, response: { 200: tokenStatusResponseSchema, 400: errorBodySchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return tokenStatus(deps, request.query.kind, request.query.token);
    },
  });

  asPublic.post('/api/auth/activate', {
    errors: [404, 410],
    schema: { tags: ['accounts'], body: activateRequestSchema, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      await activate(deps, request.body, meta(request));
      return { msg: accountMessages.activated };
    },
  });

  asPublic.post('/api/auth/activation/resend', {
    errors: [429],
    schema: { tags: ['accounts'], body: emailOnlyRequestSchema, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      await resendActivation(deps, request.body.email, meta(request));
      return { msg: accountMessages.resent };
    },
  });

  asPublic.post('/api/auth/password/forgot', {
    errors: [429],
    schema: { tags: ['accounts'], body: emailOnlyRequestSchema, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      const { userId } = await forgotPassword(deps, request.body.email, meta(request));
      logSecurityEvent(request, 'password_reset.requested', { userId });
      return { msg: accountMessages.forgot };
    },
  });

  asPublic.post('/api/auth/password/reset', {
    errors: [404, 410],
    schema: { tags: ['accounts'], body: passwordResetRequestSchema, response: { 200: passwordResetResponseSchema } },
    handler: async (request, reply) => {
      const { user, logIn } = await resetPassword(deps, request.body, meta(request));
      logSecurityEvent(request, 'password_reset.completed', { userId: user.id });
      if (!logIn) {
        // a session the browser brought belongs to nobody now (all sessions of the account ended)
        await app.sessions.end(request, reply);
        return { msg: accountMessages.resetLogin, loggedin: false, user: null, curSeason: null };
      }
      await app.sessions.start(request, reply, user.id);
      await userQueries({ db: app.db }).markLoggedIn(user.id);
      return { msg: accountMessages.resetLoggedIn, loggedin: true, ...(await sessionView(app.db, sessionContextColumns, user)) };
    },
  });

  asPublic.post('/api/auth/email-change/confirm', {
    errors: [404, 409, 410],
    schema: { tags: ['accounts'], body: emailChangeConfirmRequestSchema, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      await confirmEmailChange(deps, request.body.token, meta(request));
      return { msg: meMessages.emailChanged };
    },
  });
}
