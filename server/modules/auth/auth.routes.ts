import type { FastifyInstance } from 'fastify';
import {
  loginRequestSchema,
  loginResponseSchema,
  loginStatusResponseSchema,
  logoutResponseSchema,
  pingRequestSchema,
  pingResponseSchema,
} from '../../../src/shared/contracts/auth';
import { z } from 'zod';
import { errorBodySchema } from '../../../src/shared/contracts/errors';
import { audit } from '../audit/audit';
import { sessionViewFrom, type UserContextColumns } from '../users/user-view';
import { userQueries } from '../users/users.queries';
import type { UserRow } from '../users/users.table';
import { checkCredentials, loginAnswer } from './auth.service';
import { deviceCookies } from './device-cookie';
import type { FactorAttempt } from './throttle';
import { publicRoute } from '../../lib/route-builders';
import { securityLog } from '../../lib/security-log';

// login failures carry the seed's fields next to `reason`; other errors on this route (origin, 413) carry only `reason`
const loginFailureSchema = z.object({
  ...errorBodySchema.shape,
  success: z.literal(false).optional(),
  user: z.null().optional(),
  curSeason: z.null().optional(),
  msg: z.string().optional(),
  needs: z.enum(['totp', 'totp-setup']).optional(),
  totpSetup: z.object({ secret: z.string(), otpauthUrl: z.string() }).optional(),
});

/**
 * The second factor is the accounts module's (its TOTP tables and set-up); auth only asks it after a right
 * password. app.ts passes it in, so auth does not depend on accounts (accounts depends on auth's passwords,
 * sessions and throttle).
 */
export type SecondFactorAtLogin = (
  deps: { db: FastifyInstance['db']; config: FastifyInstance['appConfig'] },
  user: UserRow,
  code: string | undefined,
  meta: { ip: string; requestId: string },
  /** the guess the throttle counted for this login: a wrong code keeps it, a code still to come gives it back */
  login: FactorAttempt,
) => Promise<{ recoveryCodes?: string[] }>;

/** `contextColumns`: the session's context for the login's answer (seasons/session-context.ts, passed in by app.ts) */
export async function authRoutes(
  app: FastifyInstance,
  opts: { version: string; secondFactorAtLogin: SecondFactorAtLogin; contextColumns: UserContextColumns },
) {
  const { secondFactorAtLogin } = opts;
  const devices = deviceCookies(app.appConfig);
  const asPublic = publicRoute(app);

  asPublic.post('/api/login', {
    schema: {
      tags: ['auth'],
      body: loginRequestSchema,
      response: { 200: loginResponseSchema, 400: errorBodySchema, 401: loginFailureSchema, 403: loginFailureSchema, 429: loginFailureSchema },
    },
    handler: async (request, reply) => {
      const login = await checkCredentials(
        { db: app.db, security: securityLog(request.log) },
        { ...request.body, ip: request.ip },
        (userId) => devices.tokenFor(request, userId)?.nonce ?? null,
      );
      const { user } = login;
      const factor = await secondFactorAtLogin(
        { db: app.db, config: app.appConfig },
        user,
        request.body.totp,
        { ip: request.ip, requestId: request.id },
        login,
      );
      await login.attempt.succeed();
      await app.sessions.start(request, reply, user.id);
      // from now on this browser is trusted for this account: others' failures no longer lock it out
      devices.issue(request, reply, user.id);
      await userQueries({ db: app.db }).markLoggedIn(user.id);
      await audit(app.db, {
        actorUserId: user.id,
        action: 'session.start',
        entityType: 'user',
        entityId: user.id,
        requestId: request.id,
        ip: request.ip,
      });
      const answer = await loginAnswer({ db: app.db, contextColumns: opts.contextColumns }, user);
      return factor.recoveryCodes ? { ...answer, recoveryCodes: factor.recoveryCodes } : answer;
    },
  });

  asPublic.delete('/api/logout', {
    schema: { tags: ['auth'], response: { 200: logoutResponseSchema } },
    handler: async (request, reply) => {
      const ended = await app.sessions.end(request, reply);
      if (ended) {
        await audit(app.db, {
          actorUserId: ended.userId,
          action: 'session.end',
          entityType: 'user',
          entityId: ended.userId,
          requestId: request.id,
          ip: request.ip,
        });
      }
      return { success: true, msg: 'Du bist abgemeldet.' };
    },
  });

  asPublic.get('/api/loginstatus', {
    schema: { tags: ['auth'], response: { 200: loginStatusResponseSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.user || !request.userContext) return { loggedin: false, user: null, curSeason: null };
      // the session lookup already loaded everything: no query here
      return { loggedin: true, ...sessionViewFrom(request.user, request.userContext) };
    },
  });

  asPublic.post('/api/ping', {
    schema: { tags: ['auth'], body: pingRequestSchema, response: { 200: pingResponseSchema, 400: errorBodySchema } },
    handler: async (request) => {
      await app.sessions.extend(request, request.body.windowId);
      return { loggedin: request.user !== null, version: opts.version };
    },
  });
}
