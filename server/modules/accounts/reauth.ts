import type { Db } from '../../db/client';
import { fail } from '../../lib/http-error';
import { berlinClock, throttleRules } from '../auth/throttle';
import { rateLimiter, retryAfterSeconds, type RateRule } from '../rate-limit/rate-limit';

/**
 * Re-authentication (password change, e-mail change, account deletion, second factor on/off, new recovery codes) is
 * throttled like the login: a stolen session must not guess the password (or a code) online. Each guess is counted
 * per account BEFORE it is checked, atomically, and given back when it was right.
 */
export const reauthRule: RateRule = { bucket: 'reauth:user', limit: throttleRules.perAccount, windowMs: throttleRules.windowMinutes * 60_000 };

/**
 * Runs `check` (the slow password or code check; a truthy answer means right) as one counted guess.
 * Answers what `check` answered; throws 429 `too_many_attempts` when the account's guesses are used up.
 */
export async function throttledReauth<T>(deps: { db: Db }, userId: number, check: () => Promise<T>, now = new Date()): Promise<T> {
  const limiter = rateLimiter(deps);
  const key = String(userId);
  const r = await limiter.reserve([{ rule: reauthRule, key }], now);
  if (!r.ok) {
    throw fail('me.reauth_too_many_attempts', [berlinClock(r.until)], { headers: { 'retry-after': String(retryAfterSeconds(r.until, now)) } });
  }
  const answer = await check();
  // a right guess is given back and forgets the earlier wrong ones, like a successful login
  if (answer) await limiter.clear(reauthRule, key);
  return answer;
}
