import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import type * as totp from '../accounts/totp';
import { beginTotpSetup, confirmTotpSetup } from '../accounts/totp';
import { rateLimiter } from '../rate-limit/rate-limit';
import type * as passwords from './passwords';
import { throttleRules } from './throttle';

// every slow check is counted where it happens: the burst tests prove how many guesses were actually verified
const verified = vi.hoisted(() => ({ passwords: 0, codes: 0 }));
vi.mock('./passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return {
    ...original,
    verifyPassword: async (...args: Parameters<typeof original.verifyPassword>) => {
      verified.passwords++;
      return original.verifyPassword(...args);
    },
  };
});
vi.mock('../accounts/totp', async (importOriginal) => {
  const original = await importOriginal<typeof totp>();
  const counted =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    async (...args: A) => {
      verified.codes++;
      return fn(...args);
    };
  return { ...original, checkSecondFactor: counted(original.checkSecondFactor), confirmTotpSetup: counted(original.confirmTotpSetup) };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());
beforeEach(() => {
  verified.passwords = 0;
  verified.codes = 0;
});

const login = (payload: object, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });
const ipOf = (i: number) => `10.60.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const statuses = (res: { statusCode: number }[]) =>
  res.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

// hundreds of parallel requests: generous time on a loaded machine (CI shares two cores)
describe('login throttle under a parallel burst (guesses counted before they are checked)', { timeout: 180_000 }, () => {
  it('given 150 wrong passwords for one account at once from 150 addresses, at most 5 are verified', async () => {
    const user = await createUser(t.handle.db);
    const res = await Promise.all(Array.from({ length: 150 }, (_, i) => login({ email: user.email, password: `falsch-${i}` }, ipOf(i))));
    expect(verified.passwords).toBeLessThanOrEqual(throttleRules.perAccount);
    expect(statuses(res)).toEqual({ 401: throttleRules.perAccount, 429: 150 - throttleRules.perAccount });
  });

  it('given the right password and 400 wrong TOTP codes at once, at most 5 codes (and 5 passwords) are checked', async () => {
    const user = await createUser(t.handle.db);
    const { secret } = await beginTotpSetup(t.handle.db, user, t.config);
    expect(await confirmTotpSetup(t.handle.db, user.id, await generate({ secret }), t.config)).toHaveLength(10);
    verified.codes = 0;
    const right = await generate({ secret });
    const wrongCode = (i: number) => {
      const c = String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
      return c === right ? '000000' : c;
    };
    const res = await Promise.all(
      Array.from({ length: 400 }, (_, i) => login({ email: user.email, password: user.password, totp: wrongCode(i) }, ipOf(i))),
    );
    expect(verified.codes).toBeLessThanOrEqual(throttleRules.perAccount);
    expect(verified.passwords).toBeLessThanOrEqual(throttleRules.perAccount);
    expect(statuses(res)).toEqual({ 401: throttleRules.perAccount, 429: 400 - throttleRules.perAccount });
  });

  it('given 100 wrong passwords for 100 accounts at once from one address, at most 20 are verified', async () => {
    const res = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login({ email: `burst-${i}@test.example`, password: 'falsch-falsch' }, '10.61.0.1')),
    );
    expect(verified.passwords).toBeLessThanOrEqual(throttleRules.perIp);
    expect(statuses(res)).toEqual({ 401: throttleRules.perIp, 429: 100 - throttleRules.perIp });
  });

  it('given a stolen session, 60 wrong passwords at once on /api/me/password verify at most 5', async () => {
    const user = await createUser(t.handle.db);
    const cookie = await loginAs(t.app, user, '10.62.0.1');
    verified.passwords = 0;
    const res = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/me/password',
          headers: { cookie },
          payload: { currentPassword: `falsch-${i}`, password: 'Holunderbusch-Regenpfeifer-77', passwordRepeat: 'Holunderbusch-Regenpfeifer-77' },
        }),
      ),
    );
    expect(verified.passwords).toBeLessThanOrEqual(throttleRules.perAccount);
    expect(statuses(res)).toEqual({ 400: throttleRules.perAccount, 429: 60 - throttleRules.perAccount });
  });

  it('given the generic rate limiter, 50 parallel hits against a limit of 3 let exactly 3 through', async () => {
    const limiter = rateLimiter({ db: t.handle.db });
    const rule = { bucket: 'test:burst', limit: 3, windowMs: 60_000 };
    const res = await Promise.allSettled(Array.from({ length: 50 }, () => limiter.hit([{ rule, key: 'k' }])));
    expect(res.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await limiter.count(rule, 'k')).toBe(3);
  });
});
