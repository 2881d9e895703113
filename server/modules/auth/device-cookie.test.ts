import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../testing/factories';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { mailsTo } from '../accounts/test-helpers';
import { throttleRules } from './throttle';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const login = (email: string, password: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress, headers: cookie ? { cookie } : {} });

/** logs in once and answers the browser's device cookie (`kita_device=…`) */
async function trustedBrowser(email: string, password: string, ip: string) {
  const res = await login(email, password, ip);
  expect(res.statusCode).toBe(200);
  const device = res.cookies.find((c) => c.name === 'kita_device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(device!.maxAge).toBe(180 * 86_400);
  return `kita_device=${device!.value}`;
}

describe('device cookies (OWASP): lockouts without denial of service', () => {
  it('given an attacker used up the account and the office address, the owner’s known browser in that office still logs in; a new browser does not', async () => {
    const owner = await createUser(t.handle.db);
    const office = '10.70.0.1';
    const device = await trustedBrowser(owner.email, owner.password, office);
    for (let i = 0; i < throttleRules.perAccount; i++) expect((await login(owner.email, 'falsch', `10.70.1.${i + 1}`)).statusCode).toBe(401);
    for (let i = 0; i < throttleRules.perIp; i++) await login(`kollegin-${i}@test.example`, 'falsch', office);
    expect((await login(owner.email, owner.password, office)).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '10.70.2.1')).statusCode).toBe(429);
    const trusted = await login(owner.email, owner.password, office, device);
    expect(trusted.statusCode).toBe(200);
    // the attacker is still locked out after the owner's success
    expect((await login(owner.email, 'falsch', '10.70.3.1')).statusCode).toBe(429);
  });

  it('given a device cookie of another account, a tampered one or a made-up one, the browser counts as untrusted', async () => {
    const owner = await createUser(t.handle.db);
    const other = await createUser(t.handle.db);
    const othersDevice = await trustedBrowser(other.email, other.password, '10.71.0.1');
    const ownDevice = await trustedBrowser(owner.email, owner.password, '10.71.0.1');
    for (let i = 0; i < throttleRules.perAccount; i++) await login(owner.email, 'falsch', `10.71.1.${i + 1}`);
    expect((await login(owner.email, owner.password, '10.71.2.1', othersDevice)).statusCode).toBe(429);
    const [uid, nonce, issued, mac] = ownDevice.slice('kita_device='.length).split('.') as [string, string, string, string];
    const tampered = `kita_device=${uid}.${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}.${issued}.${mac}`;
    expect((await login(owner.email, owner.password, '10.71.2.1', tampered)).statusCode).toBe(429);
    expect(
      (await login(owner.email, owner.password, '10.71.2.1', `kita_device=${owner.id}.AAAAAAAAAAAAAAAAAAAAAA.${issued}.${mac}`)).statusCode,
    ).toBe(429);
    expect((await login(owner.email, owner.password, '10.71.2.1', ownDevice)).statusCode).toBe(200);
  });

  it('given a trusted browser guessing wrong, it locks only itself: the owner elsewhere is not locked out', async () => {
    const owner = await createUser(t.handle.db);
    const device = await trustedBrowser(owner.email, owner.password, '10.72.0.1');
    for (let i = 0; i < throttleRules.perDevice; i++) expect((await login(owner.email, 'falsch', '10.72.0.1', device)).statusCode).toBe(401);
    expect((await login(owner.email, owner.password, '10.72.0.1', device)).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '10.72.0.2')).statusCode).toBe(200);
  });

  it('keeps the device tokens of several accounts in one browser', async () => {
    const a = await createUser(t.handle.db);
    const b = await createUser(t.handle.db);
    const first = await trustedBrowser(a.email, a.password, '10.73.0.1');
    const both = await login(b.email, b.password, '10.73.0.1', first);
    const cookie = `kita_device=${both.cookies.find((c) => c.name === 'kita_device')!.value}`;
    for (const u of [a, b]) for (let i = 0; i < throttleRules.perAccount; i++) await login(u.email, 'falsch', `10.73.1.${i + 1}`);
    expect((await login(a.email, a.password, '10.73.2.1', cookie)).statusCode).toBe(200);
    expect((await login(b.email, b.password, '10.73.2.1', cookie)).statusCode).toBe(200);
  });

  it('given an account under attack, its owner gets one mail per lockout window, not one per attempt', async () => {
    const owner = await createUser(t.handle.db);
    for (let i = 0; i < throttleRules.perAccount + 10; i++) await login(owner.email, 'falsch', `10.74.0.${i + 1}`);
    const mails = await mailsTo(t, owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Viele falsche Anmeldeversuche bei deinem Konto/);
    expect(mails[0]!.text).toMatch(/bis \d{2}:\d{2} Uhr gesperrt/);
    expect(mails[0]!.text).toContain('Geräten, mit denen du dich schon angemeldet hast');
  });

  it('given an unknown e-mail and a known one, the locked-out answers are identical (nothing revealed)', async () => {
    const owner = await createUser(t.handle.db);
    for (let i = 0; i < throttleRules.perAccount; i++) {
      await login(owner.email, 'falsch', `10.75.0.${i + 1}`);
      await login('niemand-hier@test.example', 'falsch', `10.75.1.${i + 1}`);
    }
    const known = await login(owner.email, 'falsch', '10.75.2.1');
    const unknown = await login('niemand-hier@test.example', 'falsch', '10.75.2.2');
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    // the clock time may differ by a minute when a minute boundary falls between the two
    const shape = (body: string) => body.replace(/\d{2}:\d{2}/g, 'HH:MM');
    expect(shape(known.body)).toBe(shape(unknown.body));
  });
});
