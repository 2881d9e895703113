import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { buildTestApp } from '../../testing/test-app';
import { hashToken } from '../auth/sessions.queries';
import { sessions } from '../auth/sessions.table';
import { accountTokens } from './accounts.table';
import { get, lastMailTo, mailsTo, post, strongPassword, tokenIn } from './test-helpers';
import { createTestWorld } from '../../testing/test-world';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { loginStatusResponseSchema } from '../../../src/shared/contracts/auth';
import { tokenStatusResponseSchema } from '../../../src/shared/contracts/accounts';

const t = createTestWorld(() => buildTestApp({ env: { PUBLIC_URL: 'https://portal.test.example' } }));

const forgot = (email: string, ip = '10.60.0.1') => post(t, '/api/auth/password/forgot', { email }, { ip });
const reset = (token: string, password = strongPassword, cookie?: string) =>
  post(t, '/api/auth/password/reset', { token, password, passwordRepeat: password }, { ...(cookie ? { cookie } : {}) });

describe('forgotten password', () => {
  it('given a known and an unknown address, answers identically; only the known one gets a link valid 1 h', async () => {
    const user = await createUser(t.handle.db);
    const known = await forgot(user.email, '10.60.0.2');
    const unknown = await forgot('gibt-es-nicht@test.example', '10.60.0.3');
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mail = await lastMailTo(t, user.email);
    expect(mail.subject).toContain('Neues Passwort festlegen');
    expect(mail.text).toMatch(/https:\/\/portal\.test\.example\/passwort-wiederherstellen-[A-Za-z0-9_-]{43}/);
    const token = tokenIn(mail.text, 'password-reset');
    const [row] = await t.handle.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(3_600_000);
    expect(await mailsTo(t, 'gibt-es-nicht@test.example')).toHaveLength(0);
  });

  it('given a reset link, when setting a new password, every session ends, the browser is logged in, the link is spent and a notice is mailed', async () => {
    const user = await createUser(t.handle.db);
    const elsewhere = await loginAs(t.app, user);
    await forgot(user.email, '10.60.1.1');
    const token = tokenIn((await lastMailTo(t, user.email)).text, 'password-reset');
    expect(parseAnswer(tokenStatusResponseSchema, await get(t, `/api/auth/token-status?kind=password-reset&token=${token}`)).status).toBe('valid');
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ loggedin: true, msg: 'Dein neues Passwort gilt. Du bist jetzt angemeldet.', user: { id: user.id } });
    const cookie = res.cookies.find((c) => c.name === '__Host-kita_session')!; // PUBLIC_URL is https
    expect(cookie).toMatchObject({ secure: true, httpOnly: true });
    expect(parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', `${cookie.name}=${cookie.value}`)).loggedin).toBe(true);
    expect(parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', elsewhere)).loggedin).toBe(false);
    expect(await t.handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await loginAs(t.app, { email: user.email, password: strongPassword })).length).toBeGreaterThan(0);
    await expect(loginAs(t.app, user)).rejects.toThrow(/401/);
    const again = await reset(token, 'Noch-ein-anderes-Passwort-99');
    expect(again.statusCode).toBe(410);
    expect(reasonOfAnswer(again).code).toBe('token_used');
    expect((await lastMailTo(t, user.email)).subject).toContain('Dein Passwort wurde geändert');
  });

  it('given two open reset links, using one spends the other', async () => {
    const user = await createUser(t.handle.db);
    await forgot(user.email, '10.60.2.1');
    await forgot(user.email, '10.60.2.2');
    const [a, b] = (await mailsTo(t, user.email)).map((m) => tokenIn(m.text, 'password-reset'));
    expect((await reset(b!)).statusCode).toBe(200);
    expect(reasonOfAnswer(await reset(a!)).code).toBe('token_used');
  });

  it('given an expired, unknown or malformed link, answers 410, 404 and 400 with German texts', async () => {
    const user = await createUser(t.handle.db);
    await forgot(user.email, '10.60.3.1');
    const token = tokenIn((await lastMailTo(t, user.email)).text, 'password-reset');
    await t.handle.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    const expired = await reset(token);
    expect(expired.statusCode).toBe(410);
    expect(reasonOfAnswer(expired)).toMatchObject({ code: 'token_expired', message: expect.stringContaining('Passwort vergessen') });
    expect((await reset('C'.repeat(43))).statusCode).toBe(404);
    expect((await reset('kaputt')).statusCode).toBe(400);
    expect(parseAnswer(tokenStatusResponseSchema, await get(t, `/api/auth/token-status?kind=password-reset&token=${token}`)).status).toBe('expired');
  });

  it('given a weak new password, answers 400 with the field text and keeps the link usable', async () => {
    const user = await createUser(t.handle.db);
    await forgot(user.email, '10.60.4.1');
    const token = tokenIn((await lastMailTo(t, user.email)).text, 'password-reset');
    const weak = await reset(token, 'passwort1234');
    expect(weak.statusCode).toBe(400);
    expect(reasonOfAnswer(weak).fields?.password).toMatch(/zu leicht zu erraten/);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('given a never activated account, the reset link activates it too', async () => {
    const user = await createUser(t.handle.db, { activatedAt: null });
    await forgot(user.email, '10.60.5.1');
    expect((await reset(tokenIn((await lastMailTo(t, user.email)).text, 'password-reset'))).json().loggedin).toBe(true);
  });

  it('given a deactivated account, no link is mailed, and an open link answers 403 account_deactivated', async () => {
    const user = await createUser(t.handle.db);
    await forgot(user.email, '10.60.6.1');
    const token = tokenIn((await lastMailTo(t, user.email)).text, 'password-reset');
    const { users } = await import('../users/users.table');
    await t.handle.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    await forgot(user.email, '10.60.6.2');
    expect(await mailsTo(t, user.email)).toHaveLength(1);
    const res = await reset(token);
    expect(res.statusCode).toBe(403);
    expect(reasonOfAnswer(res).code).toBe('account_deactivated');
  });

  it('given an admin whose sign-in needs a second factor, the reset does not log in', async () => {
    const strict = await buildTestApp({ env: { ADMIN_TOTP: 'required' } });
    try {
      const admin = await createUser(strict.handle.db, { isAdmin: true });
      await post(strict, '/api/auth/password/forgot', { email: admin.email });
      const token = tokenIn((await lastMailTo(strict, admin.email)).text, 'password-reset');
      const res = await post(strict, '/api/auth/password/reset', { token, password: strongPassword, passwordRepeat: strongPassword });
      expect(res.json()).toMatchObject({ loggedin: false, user: null, msg: 'Dein neues Passwort gilt. Bitte melde dich jetzt an.' });
      expect(res.cookies.find((c) => c.name === 'kita_session' && c.value)).toBeUndefined();
    } finally {
      await strict.close();
    }
  });

  it('given many requests for one address, the fourth within an hour is throttled; per IP after ten', async () => {
    for (let i = 0; i < 3; i++) expect((await forgot('viel@test.example', `10.61.0.${i}`)).statusCode).toBe(200);
    expect((await forgot('viel@test.example', '10.61.0.9')).statusCode).toBe(429);
    for (let i = 0; i < 10; i++) expect((await forgot(`x${i}@test.example`, '10.62.0.1')).statusCode).toBe(200);
    expect((await forgot('x99@test.example', '10.62.0.1')).statusCode).toBe(429);
  });
});
