import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from './sessions.table';

export const throttleRules = {
  windowMinutes: 15,
  perAccount: 5,
  perIp: 20,
};

const berlinTime = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "17:42" in Berlin, rounded up so the user never comes back a minute too early */
export function berlinClock(at: Date): string {
  const up = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  return berlinTime.format(up);
}

/** Failed logins are rows, so every process (and a restart) sees the same counts. */
export function loginThrottle({ db }: { db: Db }) {
  const windowMs = throttleRules.windowMinutes * 60_000;

  async function blockedUntilBy(column: typeof loginAttempts.email | typeof loginAttempts.ip, value: string, limit: number, now: Date) {
    const rows = await db
      .select({ at: loginAttempts.at })
      .from(loginAttempts)
      .where(and(eq(column, value), gt(loginAttempts.at, new Date(now.getTime() - windowMs))))
      .orderBy(desc(loginAttempts.at))
      .limit(limit);
    if (rows.length < limit) return null;
    // blocked until the limit-th newest failure leaves the window
    return new Date(rows[limit - 1]!.at.getTime() + windowMs);
  }

  return {
    async blockedUntil(email: string, ip: string, now = new Date()): Promise<Date | null> {
      const [a, b] = await Promise.all([
        blockedUntilBy(loginAttempts.email, email, throttleRules.perAccount, now),
        blockedUntilBy(loginAttempts.ip, ip, throttleRules.perIp, now),
      ]);
      if (!a) return b;
      if (!b) return a;
      return a > b ? a : b;
    },
    async recordFailure(email: string, ip: string, now = new Date()) {
      await db.insert(loginAttempts).values({ email, ip, at: now });
      // keep the table small; a day is far beyond any window
      if (Math.random() < 0.05) await db.delete(loginAttempts).where(lt(loginAttempts.at, new Date(now.getTime() - 86_400_000)));
    },
    /** a successful login clears the account's count, not the IP's */
    async clearAccount(email: string) {
      await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
    },
  };
}
