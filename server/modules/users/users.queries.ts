import { desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { privacyPolicyVersions, users } from './users.table';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function userQueries({ db }: { db: DbOrTx }) {
  return {
    async findByEmail(email: string) {
      const rows = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, normaliseEmail(email)))
        .limit(1);
      return rows[0] ?? null;
    },
    async findById(id: number) {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async markLoggedIn(id: number, at = new Date()) {
      await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
    },
    async anyAdmin() {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
      return rows.length > 0;
    },
    async insert(values: typeof users.$inferInsert) {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },
    /** the privacy policy in force: the newest one already published */
    async currentPrivacyPolicy(now = new Date()) {
      const rows = await db
        .select()
        .from(privacyPolicyVersions)
        .where(lte(privacyPolicyVersions.publishedAt, now))
        .orderBy(desc(privacyPolicyVersions.publishedAt))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
