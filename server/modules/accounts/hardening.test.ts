import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPasswordStrength } from '../../../src/shared/password-strength';
import { createUser } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { throttleRules } from '../auth/throttle';
import { lastMailTo, post, strongPassword, tokenIn } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PROGRAMME_NAME: 'Umweltschule Bayern' } });
});
afterAll(async () => t?.close());

const changePassword = (cookie: string, currentPassword: string, password = strongPassword) =>
  post(t, '/api/me/password', { currentPassword, password, passwordRepeat: password }, { cookie });

describe('re-authentication is throttled like the login', () => {
  it('given 5 wrong passwords on the settings, the 6th try (even the right one) answers 429 with a Berlin clock time', async () => {
    const user = await createUser(t.handle.db);
    const cookie = await loginAs(t.app, user, '10.80.0.1');
    for (let i = 0; i < throttleRules.perAccount; i++) expect((await changePassword(cookie, `falsch-${i}`)).statusCode).toBe(400);
    const blocked = await changePassword(cookie, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().reason).toMatchObject({
      code: 'too_many_attempts',
      message: expect.stringMatching(/^Zu viele falsche Versuche\. Bitte versuche es um \d{2}:\d{2} Uhr wieder\.$/),
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // every route that asks for the password shares the count
    expect((await post(t, '/api/me/totp/disable', { password: user.password }, { cookie })).statusCode).toBe(429);
    expect((await post(t, '/api/me/totp/recovery-codes', { password: user.password }, { cookie })).statusCode).toBe(429);
    expect((await post(t, '/api/me/email', { newEmail: 'neu@test.example', password: user.password }, { cookie })).statusCode).toBe(429);
    expect((await post(t, '/api/me/delete', { password: user.password, confirmLastMember: true }, { cookie })).statusCode).toBe(429);
  });

  it('given wrong codes when switching the second factor on, they are counted too', async () => {
    const user = await createUser(t.handle.db);
    const cookie = await loginAs(t.app, user, '10.80.1.1');
    expect((await post(t, '/api/me/totp/setup', {}, { cookie })).statusCode).toBe(200);
    for (let i = 0; i < throttleRules.perAccount; i++)
      expect((await post(t, '/api/me/totp/enable', { code: '000000' }, { cookie })).statusCode).toBe(400);
    expect((await post(t, '/api/me/totp/enable', { code: '000000' }, { cookie })).statusCode).toBe(429);
  });

  it('given 4 wrong passwords, the right one passes and clears the count', async () => {
    const user = await createUser(t.handle.db);
    const cookie = await loginAs(t.app, user, '10.80.2.1');
    for (let i = 0; i < throttleRules.perAccount - 1; i++) await changePassword(cookie, `falsch-${i}`);
    expect((await changePassword(cookie, user.password)).statusCode).toBe(200);
    for (let i = 0; i < throttleRules.perAccount - 1; i++) await changePassword(cookie, `falsch-${i}`);
    expect((await changePassword(cookie, strongPassword, 'Holunderbusch-Regenpfeifer-77')).statusCode).toBe(200);
  });
});

describe('a password change spends open reset links', () => {
  it('given a reset link requested before a password change in the settings, the link no longer works', async () => {
    const user = await createUser(t.handle.db);
    expect((await post(t, '/api/auth/password/forgot', { email: user.email }, { ip: '10.81.0.1' })).statusCode).toBe(200);
    const token = tokenIn((await lastMailTo(t, user.email)).text, 'password-reset');
    const cookie = await loginAs(t.app, user, '10.81.0.1');
    expect((await changePassword(cookie, user.password)).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: `/api/auth/token-status?kind=password-reset&token=${token}` });
    expect(status.json().status).toBe('used');
    const reset = await post(t, '/api/auth/password/reset', {
      token,
      password: 'Holunderbusch-Regenpfeifer-77',
      passwordRepeat: 'Holunderbusch-Regenpfeifer-77',
    });
    expect(reset.statusCode).toBe(410);
    expect(reset.json().reason.code).toBe('token_used');
  });
});

describe('weak passwords built from the portal’s own words', () => {
  const weak = ['Sommer2026!!', 'KiTa-Portal-2026', 'Frühling2026!', 'Umwelt-KiTa-2027!', 'Umweltschule-Bayern-1'];

  it.each(weak)('given %s on registration, answers 400 with the German field text', async (password) => {
    const policy = (await t.app.inject({ method: 'GET', url: '/api/privacy-policy' })).json();
    const res = await post(
      t,
      '/api/auth/register',
      {
        firstName: 'Tessa',
        lastName: 'Test',
        email: `weak-${weak.indexOf(password)}@test.example`,
        password,
        passwordRepeat: password,
        privacyPolicyVersion: policy.version ?? '-',
        acceptPrivacyPolicy: true,
        newsletter: false,
      },
      { ip: `10.82.0.${weak.indexOf(password) + 1}` },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().reason.fields.password).toBe(
      'Dieses Passwort ist zu leicht zu erraten. Nimm besser mehrere Wörter oder eine längere Zeichenfolge.',
    );
  });

  it('given such a password in the settings, it is refused too; a strong one passes', async () => {
    const user = await createUser(t.handle.db);
    const cookie = await loginAs(t.app, user, '10.82.1.1');
    expect((await changePassword(cookie, user.password, 'Sommer2026!!')).statusCode).toBe(400);
    expect((await changePassword(cookie, user.password, 'Wundervolle-Bienenwiese-77')).statusCode).toBe(200);
  });

  it('counts the current and next year, months and the parts of the e-mail address', () => {
    const now = new Date('2031-05-01T12:00:00Z');
    expect(checkPasswordStrength('Oktober2032!!x', {}, { now }).ok).toBe(false);
    expect(checkPasswordStrength('Sonnenblume-2031!', { email: 'erika@sonnenblume.example' }, { now }).ok).toBe(false);
    expect(checkPasswordStrength('Mein-Maisfeld-ist-gruen-42', {}, { now }).ok).toBe(true);
  });
});
