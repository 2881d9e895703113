import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { errorBodySchema, errorReasonSchema, errorResponses } from '../../../src/shared/contracts/errors';
import { httpError } from '../../lib/http-error';
import { audit } from '../audit/audit';
import { users, type UserRow } from '../users/users.table';
import {
  accountView,
  assertPassword,
  changePassword,
  deleteAccount,
  exportData,
  lastMemberOf,
  meMessages,
  requestEmailChange,
  sessionInfo,
  updateConsents,
  updateProfile,
} from './me.service';
import { beginTotpSetup, confirmTotpSetup, disableTotp, recoveryCodesLeft, regenerateRecoveryCodes, totpEnabled, totpRequired } from './totp';
import { userSessions } from '../auth/user-sessions';

const errors = errorResponses(400, 409, 429);

export const totpMessages = {
  wrongCode: 'Der Code stimmt nicht. Prüfe, ob die Uhrzeit deines Telefons stimmt, und gib den aktuellen Code ein.',
  enabled: 'Die Anmeldung mit zweitem Faktor ist eingerichtet. Bewahre die Wiederherstellungscodes sicher auf – sie werden nur jetzt angezeigt.',
  disabled: 'Die Anmeldung mit zweitem Faktor ist ausgeschaltet.',
  required: 'Als Administrator*in brauchst du den zweiten Faktor; er lässt sich nicht ausschalten.',
  notEnabled: 'Der zweite Faktor ist noch nicht eingerichtet.',
  newCodes: 'Hier sind deine neuen Wiederherstellungscodes. Die alten gelten nicht mehr.',
  alreadyEnabled: 'Der zweite Faktor ist schon eingerichtet.',
};

/** The logged-in account's own settings (SPEC §4, /einstellungen). */
export async function accountMeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, config: app.appConfig };
  /** the whole account row (the session lookup reads only what every request needs) */
  const me = async (request: FastifyRequest): Promise<UserRow> => {
    const [row] = await app.db.select().from(users).where(eq(users.id, request.user!.id)).limit(1);
    if (!row) throw httpError(401, 'unauthenticated', 'Bitte melde dich an.');
    return row;
  };
  const meta = (request: FastifyRequest) => ({ ip: request.ip, requestId: request.id });
  const tags = ['me'];

  r.get('/api/me/account', {
    config: { access: 'user' },
    schema: { tags, response: { 200: accountResponseSchema } },
    handler: async (request) => accountView(deps, await me(request)),
  });

  r.patch('/api/me/profile', {
    config: { access: 'user' },
    schema: { tags, body: profileUpdateRequestSchema, response: { 200: accountResponseSchema, ...errors } },
    handler: async (request) => accountView(deps, await updateProfile(deps, await me(request), request.body, meta(request))),
  });

  r.post('/api/me/email', {
    config: { access: 'user' },
    schema: { tags, body: emailChangeRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    handler: async (request) => {
      await requestEmailChange(deps, await me(request), request.body, meta(request));
      return { msg: meMessages.emailRequested };
    },
  });

  r.post('/api/me/password', {
    config: { access: 'user' },
    schema: { tags, body: passwordChangeRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    handler: async (request) => {
      await changePassword(deps, await me(request), request.session?.id, request.body, meta(request));
      return { msg: meMessages.passwordChanged };
    },
  });

  r.put('/api/me/consents', {
    config: { access: 'user' },
    schema: { tags, body: consentsUpdateRequestSchema, response: { 200: accountResponseSchema, ...errors } },
    handler: async (request) => accountView(deps, await updateConsents(deps, await me(request), request.body, meta(request))),
  });

  r.get('/api/me/export', {
    config: { access: 'user' },
    schema: { tags, response: { 200: dataExportSchema } },
    handler: async (request, reply) => {
      const data = await exportData(deps, await me(request), request.session?.id);
      await audit(app.db, { actorUserId: request.user!.id, action: 'export_own_data', entityType: 'user', entityId: request.user!.id, ...meta(request) });
      const day = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="kita-portal-meine-daten-${day}.json"`).header('cache-control', 'no-store');
      return data;
    },
  });

  r.get('/api/me/deletion-check', {
    config: { access: 'user' },
    schema: { tags, response: { 200: deletionCheckResponseSchema } },
    handler: async (request) => ({ lastMemberOf: await lastMemberOf(app.db, request.user!.id) }),
  });

  r.post('/api/me/delete', {
    config: { access: 'user' },
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

  r.get('/api/me/sessions', {
    config: { access: 'user' },
    schema: { tags, response: { 200: sessionsResponseSchema } },
    handler: async (request) => {
      const rows = await userSessions(app.db).list(request.user!.id);
      return { items: rows.map((s) => sessionInfo(s, request.session?.id)) };
    },
  });

  r.post('/api/me/sessions/end-others', {
    config: { access: 'user' },
    schema: { tags, response: { 200: endSessionsResponseSchema } },
    handler: async (request) => {
      const ended = await userSessions(app.db).endAll(request.user!.id, request.session?.id);
      await audit(app.db, { actorUserId: request.user!.id, action: 'end_other_sessions', entityType: 'user', entityId: request.user!.id, ...meta(request), after: { ended } });
      return { ended, msg: ended === 1 ? 'Eine andere Anmeldung wurde beendet.' : `${ended} andere Anmeldungen wurden beendet.` };
    },
  });

  // ------------------------------------------------------------ two-factor sign-in (optional for everyone)

  const totpStatus = async (user: UserRow) => ({
    enabled: await totpEnabled(app.db, user.id),
    required: totpRequired(user, app.appConfig),
    recoveryCodesLeft: await recoveryCodesLeft(app.db, user.id),
  });

  r.get('/api/me/totp', {
    config: { access: 'user' },
    schema: { tags, response: { 200: totpStatusResponseSchema } },
    handler: async (request) => totpStatus(await me(request)),
  });

  r.post('/api/me/totp/setup', {
    config: { access: 'user' },
    schema: { tags, response: { 200: totpSetupSchema, ...errors } },
    handler: async (request, reply) => {
      if (await totpEnabled(app.db, request.user!.id)) throw httpError(409, 'totp_already_enabled', totpMessages.alreadyEnabled);
      reply.header('cache-control', 'no-store');
      return beginTotpSetup(app.db, await me(request), app.appConfig);
    },
  });

  r.post('/api/me/totp/enable', {
    config: { access: 'user' },
    schema: { tags, body: totpEnableRequestSchema, response: { 200: recoveryCodesResponseSchema, ...errors } },
    handler: async (request, reply) => {
      if (await totpEnabled(app.db, request.user!.id)) throw httpError(409, 'totp_already_enabled', totpMessages.alreadyEnabled);
      const codes = await confirmTotpSetup(app.db, request.user!.id, request.body.code, app.appConfig);
      if (!codes) throw httpError(400, 'totp_invalid', totpMessages.wrongCode, { code: totpMessages.wrongCode });
      await audit(app.db, { actorUserId: request.user!.id, action: 'totp_enable', entityType: 'user', entityId: request.user!.id, ...meta(request) });
      reply.header('cache-control', 'no-store');
      return { recoveryCodes: codes, msg: totpMessages.enabled };
    },
  });

  r.post('/api/me/totp/disable', {
    config: { access: 'user' },
    schema: { tags, body: passwordConfirmRequestSchema, response: { 200: totpStatusResponseSchema, ...errors } },
    handler: async (request) => {
      const account = await me(request);
      if (totpRequired(account, app.appConfig)) throw httpError(409, 'totp_required', totpMessages.required);
      await assertPassword(account, request.body.password);
      await disableTotp(app.db, request.user!.id);
      await audit(app.db, { actorUserId: request.user!.id, action: 'totp_disable', entityType: 'user', entityId: request.user!.id, ...meta(request) });
      return totpStatus(account);
    },
  });

  r.post('/api/me/totp/recovery-codes', {
    config: { access: 'user' },
    schema: { tags, body: passwordConfirmRequestSchema, response: { 200: recoveryCodesResponseSchema, ...errors } },
    handler: async (request, reply) => {
      await assertPassword(await me(request), request.body.password);
      if (!(await totpEnabled(app.db, request.user!.id))) throw httpError(409, 'totp_not_enabled', totpMessages.notEnabled);
      const codes = await regenerateRecoveryCodes(app.db, request.user!.id);
      await audit(app.db, { actorUserId: request.user!.id, action: 'totp_recovery_codes', entityType: 'user', entityId: request.user!.id, ...meta(request) });
      reply.header('cache-control', 'no-store');
      return { recoveryCodes: codes, msg: totpMessages.newCodes };
    },
  });
}
