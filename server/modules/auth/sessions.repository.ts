import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../users/users.table';
import { sessions } from './sessions.table';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type SessionLifetimes = { idleMinutes: number; maxHours: number };

export function sessionsRepository({ db }: { db: Db }) {
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

    /** the live session of a token with its user; expired rows are treated as absent */
    async findLive(token: string, now = new Date()): Promise<{ session: typeof sessions.$inferSelect; user: UserRow } | null> {
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** sliding idle expiry, capped by the absolute lifetime */
    async touch(id: string, life: SessionLifetimes, absoluteExpiresAt: Date, windowIds: string[] | null, now = new Date()) {
      const idle = new Date(Math.min(now.getTime() + life.idleMinutes * 60_000, absoluteExpiresAt.getTime()));
      await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: idle, ...(windowIds ? { windowIds } : {}) })
        .where(eq(sessions.id, id));
      return idle;
    },

    async deleteByToken(token: string) {
      const rows = await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))).returning({ id: sessions.id, userId: sessions.userId });
      return rows[0] ?? null;
    },

    async deleteExpired(now = new Date()) {
      await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now)));
    },
  };
}
