import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountDeleteRequestSchema,
  accountResponseSchema,
  consentsUpdateRequestSchema,
  dataExportSchema,
  deletionCheckResponseSchema,
  emailChangeRequestSchema,
  endSessionsResponseSchema,
  messageResponseSchema,
  passwordChangeRequestSchema,
  passwordConfirmRequestSchema,
  profileUpdateRequestSchema,
  recoveryCodesResponseSchema,
  sessionsResponseSchema,
  totpEnableRequestSchema,
  totpSetupSchema,
  totpStatusResponseSchema,
} from '../../../src/shared/contracts/accounts';
import { errorBodySchema, errorReasonSchema } from '../../../src/shared/contracts/errors';
import type { UserRow } from '../users/users.table';
import {
  beginOwnTotpSetup,
  disableOwnTotp,
  enableOwnTotp,
  endOtherSessions,
  exportOwnData,
  newOwnRecoveryCodes,
  ownAccount,
  ownSessions,
  ownTotpStatus,
} from './me-security.service';
import { deleteAccount } from './account-data.service';
import { lastMemberOf } from '../facilities/user-data';
import { accountView, changePassword, meMessages, requestEmailChange, updateConsents, updateProfile } from './me.service';
import { userRoute } from '../../lib/route-builders';
import { logSecurityEvent } from '../../lib/security-log';

/** The logged-in account's own settings (SPEC §4, /einstellungen). */
export async function accountMeRoutes(app: FastifyInstance) {
  const asUser = userRoute(app);
  const deps = { db: app.db, config: app.appConfig };
  /** the whole account row (the session lookup reads only what every request needs) */
  const me = (request: { user: { id: number } }): Promise<UserRow> => ownAccount(app.db, request.user.id);
  const meta = (request: FastifyRequest) => ({ ip: request.ip, requestId: request.id });
  const tags = ['me'];

  asUser.get('/api/me/account', {
    schema: { tags, response: { 200: accountResponseSchema } },
    handler: async (request) => accountView(deps, await me(request)),
  });

  asUser.patch('/api/me/profile', {
    schema: { tags, body: profileUpdateRequestSchema, response: { 200: accountResponseSchema } },
    handler: async (request) => accountView(deps, await updateProfile(deps, await me(request), request.body, meta(request))),
  });

  asUser.post('/api/me/email', {
    errors: [409, 429],
    schema: { tags, body: emailChangeRequestSchema, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      await requestEmailChange(deps, await me(request), request.body, meta(request));
      return { msg: meMessages.emailRequested };
    },
  });

  asUser.post('/api/me/password', {
    errors: [429],
    schema: { tags, body: passwordChangeRequestSchema, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      await changePassword(deps, await me(request), request.session?.id, request.body, meta(request));
      return { msg: meMessages.passwordChanged };
    },
  });

  asUser.put('/api/me/consents', {
    errors: [409],
    schema: { tags, body: consentsUpdateRequestSchema, response: { 200: accountResponseSchema } },
    handler: async (request) => accountView(deps, await updateConsents(deps, await me(request), request.body, meta(request))),
  });

  asUser.get('/api/me/export', {
    schema: { tags, response: { 200: dataExportSchema } },
    handler: async (request, reply) => {
      const data = await exportOwnData(deps, await me(request), request.session?.id, meta(request));
      const day = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="kita-portal-meine-daten-${day}.json"`).header('cache-control', 'no-store');
      return data;
    },
  });

  asUser.get('/api/me/deletion-check', {
    schema: { tags, response: { 200: deletionCheckResponseSchema } },
    handler: async (request) => ({ lastMemberOf: await lastMemberOf(app.db, request.user.id) }),
  });

  asUser.post('/api/me/delete', {
    errors: [409, 429],
    schema: {
      tags,
      body: accountDeleteRequestSchema,
      response: {
        200: messageResponseSchema,
        400: errorBodySchema,
        409: z.object({ reason: errorReasonSchema, lastMemberOf: z.array(z.object({ id: z.number(), label: z.string() })).optional() }),
      },
    },
    handler: async (request, reply) => {
      await deleteAccount(deps, await me(request), request.body, meta(request));
      await app.sessions.end(request, reply);
      return { msg: meMessages.deleted };
    },
  });

  asUser.get('/api/me/sessions', {
    schema: { tags, response: { 200: sessionsResponseSchema } },
    handler: async (request) => ownSessions(app.db, request.user.id, request.session?.id),
  });

  asUser.post('/api/me/sessions/end-others', {
    schema: { tags, response: { 200: endSessionsResponseSchema } },
    handler: async (request) => endOtherSessions(app.db, request.user.id, request.session?.id, meta(request)),
  });

  // ------------------------------------------------------------ two-factor sign-in (optional for everyone)

  const totpStatus = (user: UserRow) => ownTotpStatus(deps, user);

  asUser.get('/api/me/totp', {
    schema: { tags, response: { 200: totpStatusResponseSchema } },
    handler: async (request) => totpStatus(await me(request)),
  });

  asUser.post('/api/me/totp/setup', {
    errors: [409],
    schema: { tags, response: { 200: totpSetupSchema } },
    handler: async (request, reply) => {
      const setup = await beginOwnTotpSetup(deps, await me(request));
      reply.header('cache-control', 'no-store');
      return setup;
    },
  });

  asUser.post('/api/me/totp/enable', {
    errors: [409],
    schema: { tags, body: totpEnableRequestSchema, response: { 200: recoveryCodesResponseSchema } },
    handler: async (request, reply) => {
      const answer = await enableOwnTotp(deps, request.user.id, request.body.code, meta(request));
      reply.header('cache-control', 'no-store');
      return answer;
    },
  });

  asUser.post('/api/me/totp/disable', {
    errors: [409, 429],
    schema: { tags, body: passwordConfirmRequestSchema, response: { 200: totpStatusResponseSchema } },
    handler: async (request) => {
      const account = await me(request);
      await disableOwnTotp(deps, account, request.body.password, meta(request));
      logSecurityEvent(request, 'totp.disabled', { userId: account.id, actorUserId: account.id });
      return totpStatus(account);
    },
  });

  asUser.post('/api/me/totp/recovery-codes', {
    errors: [409, 429],
    schema: { tags, body: passwordConfirmRequestSchema, response: { 200: recoveryCodesResponseSchema } },
    handler: async (request, reply) => {
      const answer = await newOwnRecoveryCodes(deps, await me(request), request.body.password, meta(request));
      reply.header('cache-control', 'no-store');
      return answer;
    },
  });
}
