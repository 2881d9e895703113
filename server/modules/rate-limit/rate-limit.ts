import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { rateLimitHits } from './rate-limit.table';

export type RateRule = { bucket: string; limit: number; windowMs: number };

/**
 * A database-backed fixed-count limiter: each call records a hit and refuses once `limit` hits of the same
 * bucket+key fall within the window. Login keeps its own throttle (it counts failures only, not calls).
 */
export function rateLimiter({ db }: { db: DbOrTx }) {
  async function blockedUntil(rule: RateRule, key: string, now: Date): Promise<Date | null> {
    const since = new Date(now.getTime() - rule.windowMs);
    const [row] = await db
      .select({ n: count(), oldest: min(rateLimitHits.at) })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.at, since)));
    if (!row || row.n < rule.limit || !row.oldest) return null;
    return new Date(new Date(row.oldest).getTime() + rule.windowMs);
  }

  return {
    /**
     * Checks every rule for its key and records a hit for each; throws 429 too_many_requests (with Retry-After)
     * when one of them is exhausted. Keys are normalised by the caller (lower-case e-mail, IP).
     */
    async hit(checks: { rule: RateRule; key: string }[], now = new Date()): Promise<void> {
      let until: Date | null = null;
      for (const { rule, key } of checks) {
        const b = await blockedUntil(rule, key, now);
        if (b && (!until || b > until)) until = b;
      }
      if (until) {
        const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
        throw fail('common.too_many_requests', { headers: { 'retry-after': String(seconds) } });
      }
      await db.insert(rateLimitHits).values(checks.map(({ rule, key }) => ({ bucket: rule.bucket, key, at: now })));
      // keep the table small; a day is beyond every window in use
      if (Math.random() < 0.02) await db.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(now.getTime() - 86_400_000)));
    },
  };
}
