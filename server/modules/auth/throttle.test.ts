import { describe, expect, it } from 'vitest';
import { createUser } from '../../testing/factories';
import { buildTestApp } from '../../testing/test-app';
import { berlinClock, throttleRules } from './throttle';
import { createTestWorld } from '../../testing/test-world';

const t = createTestWorld(() => buildTestApp());

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

describe('login throttling', () => {
  it('given 5 failures for one account, when the right password comes, answers 429 with a Berlin clock time and Retry-After', async () => {
    const user = await createUser(t.handle.db);
    for (let i = 0; i < throttleRules.perAccount; i++) {
      // different IPs: the account count alone must trigger
      expect((await login(user.email, 'falsch', `10.2.0.${i + 1}`)).statusCode).toBe(401);
    }
    const res = await login(user.email, user.password, '10.2.1.1');
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.user).toBeNull();
    expect(body.reason.code).toBe('too_many_attempts');
    expect(body.msg).toMatch(/^Zu viele Anmeldeversuche\. Bitte versuche es um \d{2}:\d{2} Uhr wieder\.$/);
    expect(body.reason.message).toBe(body.msg);
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(body.msg).toContain(berlinClock(new Date(Date.now() + retry * 1000)));
  });

  it('given 20 failures from one IP over many accounts, when another account logs in from that IP, it is refused', async () => {
    const user = await createUser(t.handle.db);
    for (let i = 0; i < throttleRules.perIp; i++) {
      await login(`unbekannt-${i}@test.example`, 'falsch', '10.3.0.1');
    }
    const blocked = await login(user.email, user.password, '10.3.0.1');
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await login(user.email, user.password, '10.3.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('given 4 failures, when the 5th try is right, logs in and clears the account count', async () => {
    const user = await createUser(t.handle.db);
    for (let i = 0; i < throttleRules.perAccount - 1; i++) await login(user.email, 'falsch', '10.4.0.1');
    expect((await login(user.email, user.password, '10.4.0.1')).statusCode).toBe(200);
    for (let i = 0; i < throttleRules.perAccount - 1; i++) await login(user.email, 'falsch', '10.4.0.1');
    expect((await login(user.email, user.password, '10.4.0.1')).statusCode).toBe(200);
  });

  it('formats the retry time in Europe/Berlin, 24 h, rounded up to the minute', () => {
    expect(berlinClock(new Date('2026-01-15T16:41:10Z'))).toBe('17:42'); // CET
    expect(berlinClock(new Date('2026-07-15T21:30:00Z'))).toBe('23:30'); // CEST
  });
});
