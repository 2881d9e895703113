import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import { sessionQueries } from '../modules/auth/sessions.queries';
import { sessionContextColumns } from '../modules/seasons/session-context';
import type { UserContext } from '../modules/users/user-view';
import type { SessionUser } from '../modules/users/users.table';

declare module 'fastify' {
  interface FastifyRequest {
    /** the columns of sessionUserColumns; routes that need more of the account read it themselves */
    user: SessionUser | null;
    /**
     * the user's memberships, current season and privacy-policy version as of the session lookup (same query);
     * read it instead of querying again. Not refreshed by writes in the same request.
     */
    userContext: UserContext | null;
    session: { id: string; absoluteExpiresAt: Date; lastSeenAt: Date; windowIds: string[] | null } | null;
    sessionToken: string | null;
  }
  interface FastifyInstance {
    sessions: {
      cookieName: string;
      /** starts a new session for the user, ending the one the browser brought */
      start: (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<void>;
      end: (request: FastifyRequest, reply: FastifyReply) => Promise<{ userId: number } | null>;
      /** slides the idle expiry now, remembering the window id (ping) */
      extend: (request: FastifyRequest, windowId?: string) => Promise<void>;
    };
  }
}

// ordinary requests slide the expiry at most once a minute, so reads don't all turn into writes
const TOUCH_EVERY_MS = 60_000;

async function sessionsPlugin(app: FastifyInstance) {
  const config = app.appConfig;
  const repo = sessionQueries({ db: app.db, contextColumns: sessionContextColumns });
  const life = { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours };
  // __Host- makes browsers refuse the cookie unless Secure, Path=/ and no Domain: no subdomain can plant one
  const cookieName = config.secureCookies ? '__Host-kita_session' : 'kita_session';
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: config.secureCookies };

  await app.register(fastifyCookie);
  app.decorateRequest('user', null);
  app.decorateRequest('userContext', null);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionToken', null);

  // session id → when this process last slid its expiry (entries older than TOUCH_EVERY_MS are pruned)
  const touchedAt = new Map<string, number>();

  app.addHook('onRequest', async (request) => {
    // the SPA's files and index.html need no user; skipping them saves a lookup per asset
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[cookieName];
    if (!token || token.length > 100) return;
    const found = await repo.findLive(token);
    if (!found) return;
    request.sessionToken = token;
    request.user = found.user;
    request.userContext = found.context;
    request.session = {
      id: found.session.id,
      absoluteExpiresAt: found.session.absoluteExpiresAt,
      lastSeenAt: found.session.lastSeenAt,
      windowIds: found.session.windowIds,
    };
    const now = Date.now();
    const id = found.session.id;
    // the lookup may predate a touch another request of the same session just made (or is making): remember
    // our own touches so a burst of parallel requests slides the expiry once, not once per request
    if (now - Math.max(found.session.lastSeenAt.getTime(), touchedAt.get(id) ?? 0) > TOUCH_EVERY_MS) {
      touchedAt.set(id, now);
      try {
        // and another process may have touched it: then the update matches no row
        await repo.touch(id, life, found.session.absoluteExpiresAt, null, new Date(now), new Date(now - TOUCH_EVERY_MS));
      } catch (err) {
        touchedAt.delete(id);
        throw err;
      }
    }
  });

  app.decorate('sessions', {
    cookieName,
    async start(request, reply, userId) {
      if (request.sessionToken) await repo.deleteByToken(request.sessionToken);
      const s = await repo.create(userId, { ip: request.ip, userAgent: request.headers['user-agent'] }, life);
      reply.setCookie(cookieName, s.token, { ...cookieOptions, expires: s.absoluteExpiresAt });
    },
    async end(request, reply) {
      reply.clearCookie(cookieName, cookieOptions);
      const token = request.sessionToken ?? request.cookies[cookieName];
      if (!token) return null;
      const row = await repo.deleteByToken(token);
      return row ? { userId: row.userId } : null;
    },
    async extend(request, windowId) {
      const s = request.session;
      if (!s) return;
      const ids = windowId ? [...new Set([...(s.windowIds ?? []), windowId])].slice(-20) : null;
      await repo.touch(s.id, life, s.absoluteExpiresAt, ids);
    },
  });

  // expired rows are never used, but they should not pile up
  const sweepBeat = app.jobHeartbeats.register('session-sweep', 3_600_000);
  const sweep = setInterval(() => {
    repo.deleteExpired().then(sweepBeat, (err: unknown) => app.log.warn({ err }, 'session sweep failed'));
  }, 3_600_000);
  sweep.unref();
  // a remembered touch only matters within TOUCH_EVERY_MS
  const prune = setInterval(() => {
    const stale = Date.now() - TOUCH_EVERY_MS;
    for (const [id, at] of touchedAt) if (at < stale) touchedAt.delete(id);
  }, TOUCH_EVERY_MS);
  prune.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(prune);
  });
}

export default fp(sessionsPlugin, { name: 'sessions', dependencies: ['db'] });
