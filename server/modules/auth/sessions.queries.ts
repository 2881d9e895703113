import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usersIdColumn, type UserContext, type UserContextColumns } from '../users/user-view';
import { sessionUserColumns, users, type SessionUser } from '../users/users.table';
import { sessions } from './sessions.table';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type LiveSession = { id: string; lastSeenAt: Date; absoluteExpiresAt: Date; windowIds: string[] | null };

export type SessionLifetimes = { idleMinutes: number; maxHours: number };

/**
 * `contextColumns` (the session plugin passes seasons/session-context.ts) is needed by `findLive` only: scripts and
 * tests that just create sessions leave it out.
 */
export function sessionQueries({ db, contextColumns }: { db: Db; contextColumns?: UserContextColumns }) {
  // built and named once: node-postgres parses (and PostgreSQL plans) it once per connection instead of per request
  const now = sql.placeholder('now');
  const liveQuery = (columns: UserContextColumns) =>
    db
      .select({
        session: { id: sessions.id, lastSeenAt: sessions.lastSeenAt, absoluteExpiresAt: sessions.absoluteExpiresAt, windowIds: sessions.windowIds },
        user: sessionUserColumns,
        ...columns(usersIdColumn, sql`${now}::timestamptz`),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          // a deactivated account's sessions count as absent
          isNull(users.deactivatedAt),
          sql`${sessions.expiresAt} > ${now}::timestamptz`,
          sql`${sessions.absoluteExpiresAt} > ${now}::timestamptz`,
        ),
      )
      .limit(1)
      .prepare('session_live_with_context');
  let prepared: ReturnType<typeof liveQuery> | undefined;

  return {
    /** a fresh 256-bit token every time: login never reuses an id the browser brought (no fixation) */
    async create(userId: number, meta: { ip: string; userAgent: string | undefined }, life: SessionLifetimes, now = new Date()) {
      const token = randomBytes(32).toString('base64url');
      const absolute = new Date(now.getTime() + life.maxHours * 3_600_000);
      const idle = new Date(Math.min(now.getTime() + life.idleMinutes * 60_000, absolute.getTime()));
      const [row] = await db
        .insert(sessions)
        .values({
          tokenHash: hashToken(token),
          userId,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: idle,
          absoluteExpiresAt: absolute,
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 500) ?? null,
        })
        .returning({ id: sessions.id });
      return { token, id: row!.id, expiresAt: idle, absoluteExpiresAt: absolute };
    },

    /**
     * The live session of a token with its user and the user's context (memberships, current season, privacy
     * policy) in ONE query: every authenticated request runs it, so it is the request's only read.
     * Expired rows are treated as absent.
     */
    async findLive(token: string, now = new Date()): Promise<{ session: LiveSession; user: SessionUser; context: UserContext } | null> {
      if (!contextColumns) throw new Error('sessionQueries: findLive needs contextColumns');
      prepared ??= liveQuery(contextColumns);
      const rows = await prepared.execute({ tokenHash: hashToken(token), now: now.toISOString() });
      const row = rows[0];
      if (!row) return null;
      const { session, user, facilities, curSeason, privacyPolicyVersion } = row;
      return { session, user, context: { facilities, curSeason, privacyPolicyVersion } };
    },

    /**
     * sliding idle expiry, capped by the absolute lifetime; with `seenBefore`, only a session last seen before
     * then is written (several requests or processes that decided to slide it at once write it once)
     */
    async touch(id: string, life: SessionLifetimes, absoluteExpiresAt: Date, windowIds: string[] | null, now = new Date(), seenBefore?: Date) {
      const idle = new Date(Math.min(now.getTime() + life.idleMinutes * 60_000, absoluteExpiresAt.getTime()));
      await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: idle, ...(windowIds ? { windowIds } : {}) })
        .where(and(eq(sessions.id, id), seenBefore ? lt(sessions.lastSeenAt, seenBefore) : undefined));
      return idle;
    },

    async deleteByToken(token: string) {
      const rows = await db
        .delete(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
        .returning({ id: sessions.id, userId: sessions.userId });
      return rows[0] ?? null;
    },

    async deleteExpired(now = new Date()) {
      await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now)));
    },
  };
}
