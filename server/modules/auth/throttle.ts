import { germanTime } from '../../../src/shared/berlin-date';
import type { Db } from '../../db/client';
import { rateLimiter, type RateRule } from '../rate-limit/rate-limit';

export const throttleRules = {
  windowMinutes: 15,
  /** guesses per account from clients without a device cookie for it (all such clients together) */
  perAccount: 5,
  /** guesses per address from clients without a device cookie (an office behind NAT shares one) */
  perIp: 20,
  /** guesses per device cookie: a trusted browser is throttled on its own */
  perDevice: 5,
};

const windowMs = throttleRules.windowMinutes * 60_000;

/** Every guess (password, second-factor code) is a row in rate_limit_hits, counted BEFORE it is checked. */
export const loginRateRules = {
  account: { bucket: 'login:account', limit: throttleRules.perAccount, windowMs },
  ip: { bucket: 'login:ip', limit: throttleRules.perIp, windowMs },
  device: { bucket: 'login:device', limit: throttleRules.perDevice, windowMs },
  /** at most one "someone is guessing your password" mail per account and window */
  alert: { bucket: 'login:alert', limit: 1, windowMs },
} satisfies Record<string, RateRule>;

/** "17:42" in Berlin, rounded up so the user never comes back a minute too early */
export function berlinClock(at: Date): string {
  const up = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  return germanTime(up);
}

/** One reserved guess: given back when it was right, kept (as a failure) when it was wrong. */
export type LoginAttempt = {
  /** the guess was right but not finished (e.g. the code is still to come) or not a guess at all: give it back */
  release: () => Promise<void>;
  /** every factor passed: give it back and forget the failures of this path (the account's, or the device's) */
  succeed: () => Promise<void>;
  /** the guess was wrong: it stays counted; answers whether the account's untrusted guesses are used up now */
  fail: () => Promise<{ accountLocked: boolean }>;
};

/** what the second factor (accounts) gets of the login's guess */
export type FactorAttempt = { failFactor: () => Promise<void>; attempt: Pick<LoginAttempt, 'release'> };

export type BlockedLogin = { blocked: true; until: Date; accountLocked: boolean };

/**
 * The login throttle (OWASP device cookies). A client with a valid device cookie for the account is trusted and
 * counted per cookie; everyone else is counted per account and per address. Counting happens before the slow
 * check and is atomic (see rateLimiter), so a burst of any size checks at most the limit.
 */
export function loginThrottle({ db }: { db: Db }) {
  const limiter = rateLimiter({ db });
  return {
    async begin(
      input: { email: string; ip: string; deviceNonce: string | null },
      now = new Date(),
    ): Promise<BlockedLogin | ({ blocked: false } & LoginAttempt)> {
      const checks = input.deviceNonce
        ? [{ rule: loginRateRules.device, key: input.deviceNonce }]
        : [
            { rule: loginRateRules.account, key: input.email },
            { rule: loginRateRules.ip, key: input.ip },
          ];
      const r = await limiter.reserve(checks, now);
      if (!r.ok) return { blocked: true, until: r.until, accountLocked: r.full.includes(loginRateRules.account) };
      const ids = r.ids;
      return {
        blocked: false,
        release: () => limiter.release(ids),
        async succeed() {
          await limiter.release(ids);
          if (input.deviceNonce) await limiter.clear(loginRateRules.device, input.deviceNonce);
          // a success from an untrusted client clears the account's count, not the address's
          else await limiter.clear(loginRateRules.account, input.email);
        },
        async fail() {
          if (input.deviceNonce) return { accountLocked: false };
          return { accountLocked: (await limiter.count(loginRateRules.account, input.email, now)) >= throttleRules.perAccount };
        },
      };
    },
    /** true once per window and account: whether to mail the owner that someone is guessing */
    async shouldAlert(email: string, now = new Date()): Promise<boolean> {
      return (await limiter.reserve([{ rule: loginRateRules.alert, key: email }], now)).ok;
    },
  };
}
