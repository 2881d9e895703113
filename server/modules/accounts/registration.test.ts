import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../audit/audit.table';
import { createUser, publishPrivacyPolicy } from '../../testing/factories';
import { buildTestApp } from '../../testing/test-app';
import { users } from '../users/users.table';
import { accountTokens } from './accounts.table';
import { hashToken } from '../auth/sessions.queries';
import { get, lastMailTo, mailsTo, post, strongPassword, tokenIn } from './test-helpers';
import { createTestWorld } from '../../testing/test-world';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { privacyPolicyResponseSchema, tokenStatusResponseSchema } from '../../../src/shared/contracts/accounts';

const t = createTestWorld(async () => {
  const app = await buildTestApp({ env: { PUBLIC_URL: 'https://portal.test.example' } });
  await publishPrivacyPolicy(app.handle.db, '3', new Date(Date.now() - 60_000));
  return app;
});

let n = 0;
const form = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ronja',
  lastName: 'Räuber',
  email: `ronja-${++n}@test.example`,
  password: strongPassword,
  passwordRepeat: strongPassword,
  privacyPolicyVersion: '3',
  acceptPrivacyPolicy: true,
  newsletter: true,
  ...overrides,
});
const register = (body: Record<string, unknown>, ip = `10.20.${n}.1`) => post(t, '/api/auth/register', body, { ip });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: '10.21.0.1' });

describe('registration → activation → login', () => {
  it('given a new address, when registering, answers 202, mails an absolute activation link, and the account logs in only after activation', async () => {
    const body = form();
    const res = await register(body);
    expect(res.statusCode).toBe(202);
    expect(res.json().msg).toMatch(/^Fast geschafft!/);
    expect(reasonOfAnswer(await login(body.email, strongPassword)).code).toBe('account_inactive');

    const mail = await lastMailTo(t, body.email);
    expect(mail.subject).toContain('Bitte bestätige deine E-Mail-Adresse');
    expect(mail.text).toContain('Hallo Ronja,');
    expect(mail.text).toMatch(/https:\/\/portal\.test\.example\/aktivieren\/ct[A-Za-z0-9_-]{43}/);
    expect(mail.html).toContain('E-Mail-Adresse bestätigen');
    const token = tokenIn(mail.text, 'activation');
    const [stored] = await t.handle.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    expect(stored).toBeDefined(); // only the hash is stored
    expect(JSON.stringify(await t.handle.db.select().from(accountTokens))).not.toContain(token);

    expect(parseAnswer(tokenStatusResponseSchema, await get(t, `/api/auth/token-status?kind=activation&token=${token}`))).toMatchObject({
      status: 'valid',
      needsPassword: false,
    });
    const act = await post(t, '/api/auth/activate', { token });
    expect(act.statusCode).toBe(200);
    expect(act.json().msg).toBe('Dein Benutzerkonto ist aktiviert. Du kannst dich jetzt anmelden.');
    const ok = await login(body.email, strongPassword);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.missingSettings).toEqual({});

    const [user] = await t.handle.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ firstName: 'Ronja', privacyPolicyVersion: '3', newsletter: true });
    expect(user!.privacyPolicyAcceptedAt).toBeInstanceOf(Date);
    expect(user!.newsletterDecidedAt).toBeInstanceOf(Date);
    const actions = (
      await t.handle.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(user!.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['account.register', 'account.activate']));

    const again = await post(t, '/api/auth/activate', { token });
    expect(again.statusCode).toBe(410);
    expect(reasonOfAnswer(again)).toMatchObject({ code: 'token_used', message: expect.stringContaining('schon benutzt') });
  });

  it('given an address that already has an account, answers exactly like a new one and mails its owner instead', async () => {
    const owner = await createUser(t.handle.db);
    const fresh = await register(form());
    const existing = await register(form({ email: owner.email.toUpperCase() }));
    expect(existing.statusCode).toBe(202);
    expect(existing.body).toBe(fresh.body);
    const mail = await lastMailTo(t, owner.email);
    expect(mail.subject).toContain('Registrierung mit deiner E-Mail-Adresse');
    expect(mail.text).toContain('https://portal.test.example/passwort-vergessen');
    expect(await t.handle.db.select().from(users).where(eq(users.email, owner.email.toUpperCase()))).toHaveLength(0);
  });

  it.each([
    ['a common password', { password: 'Passwort12345', passwordRepeat: 'Passwort12345' }, 'password', /zu leicht zu erraten/],
    [
      'the name in the password',
      { password: 'Ronja-Räuber-2026!', passwordRepeat: 'Ronja-Räuber-2026!' },
      'password',
      /E-Mail-Adresse oder deinen Namen/,
    ],
    [
      'the e-mail in the password',
      { email: 'lotta.kunz@test.example', password: 'lotta.kunz@test.example', passwordRepeat: 'lotta.kunz@test.example' },
      'password',
      /E-Mail-Adresse oder deinen Namen/,
    ],
    ['a short password', { password: 'kurz', passwordRepeat: 'kurz' }, 'password', /mindestens 12 Zeichen/],
    ['a too long password', { password: 'x'.repeat(129), passwordRepeat: 'x'.repeat(129) }, 'password', /höchstens 128 Zeichen/],
    ['different repetitions', { passwordRepeat: 'Wundervolle-Bienenwiese-78' }, 'passwordRepeat', /stimmen nicht überein/],
    ['no privacy acceptance', { acceptPrivacyPolicy: false }, 'acceptPrivacyPolicy', /Datenschutzerklärung/],
    ['a broken e-mail', { email: 'keine-mail' }, 'email', /gültige E-Mail-Adresse/],
    ['no first name', { firstName: '  ' }, 'firstName', /Vornamen/],
  ])('given %s, answers 400 with a German text for that field and creates nothing', async (_name, overrides, field, text) => {
    const body = form(overrides);
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(reasonOfAnswer(res).fields?.[field]).toMatch(text);
    expect(await mailsTo(t, body.email)).toHaveLength(0);
  });

  it('given an outdated privacy-policy version, answers 409 policy_outdated', async () => {
    const res = await register(form({ privacyPolicyVersion: '2' }));
    expect(res.statusCode).toBe(409);
    expect(reasonOfAnswer(res)).toMatchObject({
      code: 'policy_outdated',
      fields: { privacyPolicyVersion: expect.stringContaining('neue Datenschutzerklärung') },
    });
  });

  it('given three registrations of one address in an hour, the fourth is refused with 429 (per address, any IP)', async () => {
    const body = form();
    for (let i = 0; i < 3; i++) expect((await register(body, `10.30.0.${i + 1}`)).statusCode).toBe(202);
    const res = await register(body, '10.30.0.9');
    expect(res.statusCode).toBe(429);
    expect(reasonOfAnswer(res).code).toBe('too_many_requests');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('given ten registrations from one IP in an hour, the eleventh is refused (per IP)', async () => {
    for (let i = 0; i < 10; i++) expect((await register(form(), '10.31.0.1')).statusCode).toBe(202);
    expect((await register(form(), '10.31.0.1')).statusCode).toBe(429);
    expect((await register(form(), '10.31.0.2')).statusCode).toBe(202);
  });
});

describe('activation links', () => {
  it('tells malformed, unknown, expired, used and deactivated apart, each with its code and a German message', async () => {
    const body = form();
    await register(body);
    const token = tokenIn((await lastMailTo(t, body.email)).text, 'activation');
    const status = async (tok: string) => parseAnswer(tokenStatusResponseSchema, await get(t, `/api/auth/token-status?kind=activation&token=${tok}`));

    expect(await status('zu-kurz')).toMatchObject({ status: 'malformed', msg: expect.stringContaining('unvollständig') });
    const malformed = await post(t, '/api/auth/activate', { token: 'zu-kurz' });
    expect(malformed.statusCode).toBe(400);
    expect(reasonOfAnswer(malformed).fields?.token).toMatch(/unvollständig/);

    const unknown = await post(t, '/api/auth/activate', { token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(reasonOfAnswer(unknown)).toMatchObject({ code: 'token_unknown', message: expect.stringContaining('erneut senden') });

    await t.handle.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    expect(await status(token)).toMatchObject({ status: 'expired' });
    const expired = await post(t, '/api/auth/activate', { token });
    expect(expired.statusCode).toBe(410);
    expect(reasonOfAnswer(expired)).toMatchObject({ code: 'token_expired', message: expect.stringContaining('abgelaufen') });

    await t.handle.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    await t.handle.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.email, body.email));
    const deactivated = await post(t, '/api/auth/activate', { token });
    expect(deactivated.statusCode).toBe(403);
    expect(reasonOfAnswer(deactivated).code).toBe('account_deactivated');
  });

  it('given the same link clicked twice at once, exactly one activation succeeds', async () => {
    const body = form();
    await register(body);
    const token = tokenIn((await lastMailTo(t, body.email)).text, 'activation');
    const answers = await Promise.all([post(t, '/api/auth/activate', { token }), post(t, '/api/auth/activate', { token })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
  });

  it('given 48 hours, the activation link expires (lifetime written at issue)', async () => {
    const body = form();
    await register(body);
    const token = tokenIn((await lastMailTo(t, body.email)).text, 'activation');
    const [row] = await t.handle.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(48 * 3_600_000);
  });

  it('given a resend request, answers the same for unknown, activated and waiting accounts, and only the waiting one gets a new link', async () => {
    const body = form();
    await register(body);
    const active = await createUser(t.handle.db);
    const answers = await Promise.all(
      ['niemand@test.example', active.email, body.email].map((email, i) =>
        post(t, '/api/auth/activation/resend', { email }, { ip: `10.40.0.${i + 1}` }),
      ),
    );
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(200);
    expect(await mailsTo(t, body.email)).toHaveLength(2);
    expect(await mailsTo(t, active.email)).toHaveLength(0);
    expect(await mailsTo(t, 'niemand@test.example')).toHaveLength(0);
    // both links work until one of them is used; then the other counts as used
    const [first, second] = (await mailsTo(t, body.email)).map((m) => tokenIn(m.text, 'activation'));
    expect((await post(t, '/api/auth/activate', { token: second })).statusCode).toBe(200);
    expect(reasonOfAnswer(await post(t, '/api/auth/activate', { token: first })).code).toBe('token_used');
  });

  it('given repeated resends for one address, the fourth within an hour is throttled', async () => {
    for (let i = 0; i < 3; i++)
      expect((await post(t, '/api/auth/activation/resend', { email: 'spam@test.example' }, { ip: `10.41.0.${i}` })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/activation/resend', { email: 'SPAM@test.example' }, { ip: '10.41.0.9' })).statusCode).toBe(429);
  });

  it('given an anonymous visitor, GET /api/privacy-policy answers the version in force', async () => {
    expect(parseAnswer(privacyPolicyResponseSchema, await get(t, '/api/privacy-policy'))).toMatchObject({ version: '3' });
  });
});

describe('logging', () => {
  it('given a logger, no line contains a password, a token or a request body', async () => {
    const lines: string[] = [];
    const { buildApp } = await import('../../app');
    const { loadConfig } = await import('../../config');
    const { Writable } = await import('node:stream');
    const stream = new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) });
    const app = await buildApp({
      config: loadConfig({ ADMIN_TOTP: 'optional' }),
      db: t.handle.db,
      distDir: '/nonexistent',
      logger: { level: 'trace', stream },
      mail: { start: false, transport: { kind: 'x', send: async () => {}, close: () => {} } },
    });
    await app.ready();
    const body = form();
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: '10.50.0.1' });
    await app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password: strongPassword }, remoteAddress: '10.50.0.1' });
    await app.inject({ method: 'POST', url: '/api/auth/activate', payload: { token: 'B'.repeat(43) }, remoteAddress: '10.50.0.1' });
    await app.close();
    const all = lines.join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(strongPassword);
    expect(all).not.toContain('B'.repeat(43));
  });
});
