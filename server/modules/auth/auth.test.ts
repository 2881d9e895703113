import { eq } from 'drizzle-orm';
import type * as Argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { auditLog } from '../audit/audit.table';
import { addMember, createFacility, createSeason, createUser, enrol, publishPrivacyPolicy } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { buildTestApp } from '../../testing/test-app';
import { users } from '../users/users.table';
import { sessions } from './sessions.table';
import { createTestWorld } from '../../testing/test-world';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { loginStatusResponseSchema } from '../../../src/shared/contracts/auth';

// the real argon2, watched: how many verifications a login costs
const verifySpy = vi.hoisted(() => ({ fn: undefined as unknown as ReturnType<typeof vi.fn> }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  verifySpy.fn = vi.fn(real.verify);
  return { ...real, verify: verifySpy.fn };
});

const t = createTestWorld(() => buildTestApp());

const login = (email: string, password: string, remoteAddress = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

describe('POST /api/login', () => {
  it('given an activated user, when the password is right, answers the seed shape and sets an HttpOnly session cookie', async () => {
    const user = await createUser(t.handle.db, { email: 'Erika.Muster@Test.example' });
    const res = await login('erika.muster@test.EXAMPLE', user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, msg: 'Willkommen zurück!', curSeason: null });
    expect(body.user).toMatchObject({ id: user.id, is_admin: false, isJury: false, facilities: {}, missingSettings: {} });
    const cookie = res.cookies.find((c) => c.name === 'kita_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const entries = await t.handle.db.select().from(auditLog).where(eq(auditLog.actorUserId, user.id));
    expect(entries.map((e) => e.action)).toContain('session.start');
  });

  it('given an unknown e-mail and a wrong password, when logging in, both answers are identical 401s', async () => {
    const user = await createUser(t.handle.db);
    const wrong = await login(user.email, 'falsch-falsch', '10.1.0.2');
    const unknown = await login('niemand@test.example', 'falsch-falsch', '10.1.0.3');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({
      success: false,
      user: null,
      curSeason: null,
      msg: 'E-Mail-Adresse oder Passwort ist falsch.',
      reason: { message: 'E-Mail-Adresse oder Passwort ist falsch.', code: 'invalid_credentials' },
    });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('given an unknown e-mail, when logging in, one argon2 verification runs all the same (a dummy hash: no faster answer)', async () => {
    // counted, not timed: a stopwatch in a test fails on a loaded runner (speed lives in `npm run bench`)
    const user = await createUser(t.handle.db);
    verifySpy.fn.mockClear();
    await login(user.email, 'falsch-falsch', '10.1.0.4');
    expect(verifySpy.fn).toHaveBeenCalledTimes(1);
    await login('x1@test.example', 'falsch-falsch', '10.1.0.4');
    expect(verifySpy.fn).toHaveBeenCalledTimes(2);
    expect(verifySpy.fn.mock.calls[1]![0]).toMatch(/^\$argon2id\$/);
  });

  it('given an account created by an admin (no password yet), a login runs one argon2 verification like a wrong password', async () => {
    // counted, not timed (it was a stopwatch in hardening.test, which failed on a loaded machine)
    const invited = await createUser(t.handle.db, { passwordHash: '', activatedAt: null });
    verifySpy.fn.mockClear();
    const res = await login(invited.email, 'falsch-falsch', '10.1.0.9');
    expect(res.statusCode).toBe(401);
    expect(verifySpy.fn).toHaveBeenCalledTimes(1);
    expect(verifySpy.fn.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
  });

  it('given a user not activated, when the password is wrong, answers like any wrong password; when right, 403 account_inactive', async () => {
    const user = await createUser(t.handle.db, { activatedAt: null });
    expect((await login(user.email, 'nope', '10.1.0.5')).statusCode).toBe(401);
    const right = await login(user.email, user.password, '10.1.0.5');
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ success: false, reason: { code: 'account_inactive' } });
  });

  it('given a missing password, when logging in, answers 400 validation_failed with the contract German field text', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b.example' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      reason: { message: 'Bitte prüfe deine Eingaben.', code: 'validation_failed', fields: { password: 'Bitte gib dein Passwort an.' } },
    });
  });
});

describe('sessions', () => {
  it('given a browser with a session, when logging in again, a new token is issued and the old one is dead (no fixation)', async () => {
    const user = await createUser(t.handle.db);
    const first = await loginAs(t.app, user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
      headers: { cookie: first },
    });
    const second = res.cookies.find((c) => c.name === 'kita_session')!;
    expect(second.value).not.toBe(first.split('=')[1]);
    const old = await t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie: first } });
    expect(old.json().loggedin).toBe(false);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie: `kita_session=${second.value}` } });
    expect(fresh.json().loggedin).toBe(true);
  });

  it('given a session idle past its expiry, when calling, it counts as logged out', async () => {
    const user = await createUser(t.handle.db);
    const cookie = await loginAs(t.app, user);
    await t.handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } });
    expect(res.json()).toEqual({ loggedin: false, user: null, curSeason: null });
  });

  it('given a session past its absolute lifetime, when pinging, it is not revived', async () => {
    const user = await createUser(t.handle.db);
    const cookie = await loginAs(t.app, user);
    await t.handle.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const ping = await t.app.inject({ method: 'POST', url: '/api/ping', payload: { windowId: crypto.randomUUID() }, headers: { cookie } });
    expect(ping.json().loggedin).toBe(false);
  });

  it('given a logged-in user, when pinging, the idle expiry slides forward and the window id is kept', async () => {
    const user = await createUser(t.handle.db);
    const cookie = await loginAs(t.app, user);
    const soon = new Date(Date.now() + 60_000);
    await t.handle.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, user.id));
    const windowId = crypto.randomUUID();
    const ping = await t.app.inject({ method: 'POST', url: '/api/ping', payload: { windowId }, headers: { cookie } });
    expect(ping.statusCode).toBe(200);
    expect(ping.json()).toEqual({ loggedin: true, version: expect.any(String) });
    const [row] = await t.handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 119 * 60_000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(row!.absoluteExpiresAt.getTime());
    expect(row!.windowIds).toEqual([windowId]);
  });

  it('given a session last seen over a minute ago, an ordinary API request slides its idle expiry too', async () => {
    const user = await createUser(t.handle.db);
    const cookie = await loginAs(t.app, user);
    const before = new Date(Date.now() + 60_000);
    await t.handle.db
      .update(sessions)
      .set({ expiresAt: before, lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(sessions.userId, user.id));
    expect(parseAnswer(loginStatusResponseSchema, await t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } })).loggedin).toBe(
      true,
    );
    const [row] = await t.handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 119 * 60_000);
  });

  it('given a logged-in user who gets deactivated, the next request counts as logged out', async () => {
    const user = await createUser(t.handle.db);
    const cookie = await loginAs(t.app, user);
    await t.handle.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    expect(parseAnswer(loginStatusResponseSchema, await t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } })).loggedin).toBe(
      false,
    );
  });

  it('given anyone, when pinging with a bad window id, answers 400 with a German field text', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ping', payload: { windowId: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(reasonOfAnswer(res).fields).toEqual({ windowId: 'Die Fenster-ID ist ungültig.' });
  });

  it('given a logged-in user, when logging out, the session row is gone, the cookie cleared and it is audit-logged', async () => {
    const user = await createUser(t.handle.db);
    const cookie = await loginAs(t.app, user);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: { cookie } });
    expect(res.json()).toEqual({ success: true, msg: 'Du bist abgemeldet.' });
    expect(res.cookies.find((c) => c.name === 'kita_session')?.value).toBe('');
    expect(await t.handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const status = await t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } });
    expect(status.json().loggedin).toBe(false);
    const entries = await t.handle.db.select().from(auditLog).where(eq(auditLog.actorUserId, user.id));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['session.start', 'session.end']));
  });

  it('given nobody logged in, when logging out, it still answers success (idempotent)', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });
});

describe('GET /api/loginstatus', () => {
  it('given an anonymous visitor, answers loggedin false with null user and season', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/loginstatus' });
    expect(res.json()).toEqual({ loggedin: false, user: null, curSeason: null });
  });

  it('given a member of two KiTas with one enrolled to the current season, lists both with is_enrolled_to_cur_season', async () => {
    const season = await createSeason(t.handle.db, {
      identifier: '2026-27',
      label: 'KiTa-Jahr 2026/27',
      isCurrent: true,
      enrolmentState: 'open',
      allowDocumentation: true,
    });
    const old = await createSeason(t.handle.db, { identifier: '2025-26', label: 'KiTa-Jahr 2025/26' });
    const user = await createUser(t.handle.db);
    const a = await createFacility(t.handle.db, { label: 'A-Kindergarten' });
    const b = await createFacility(t.handle.db, { label: 'B-Krippe' });
    await addMember(t.handle.db, a.id, user.id);
    await addMember(t.handle.db, b.id, user.id);
    await enrol(t.handle.db, a.id, season.id);
    await enrol(t.handle.db, b.id, old.id);
    await enrol(t.handle.db, b.id, season.id, { withdrawnAt: new Date() });
    const cookie = await loginAs(t.app, user);
    const body = parseAnswer(loginStatusResponseSchema, await t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } }));
    expect(body.loggedin).toBe(true);
    expect(body.user?.facilities).toEqual({
      [a.id]: { id: a.id, label: 'A-Kindergarten', is_enrolled_to_cur_season: true },
      [b.id]: { id: b.id, label: 'B-Krippe', is_enrolled_to_cur_season: false },
    });
    expect(body.curSeason).toMatchObject({
      id: season.id,
      identifier: '2026-27',
      enrolment_state: 'open',
      allow_documentation: true,
      isCurrent: true,
    });
  });

  it('given an admin with undecided consents, answers is_admin and both missingSettings in German', async () => {
    const admin = await createUser(t.handle.db, { isAdmin: true, newsletter: null, privacyPolicyVersion: null });
    const cookie = await loginAs(t.app, admin);
    const body = parseAnswer(loginStatusResponseSchema, await t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } }));
    expect(body.user?.is_admin).toBe(true);
    expect(body.user?.facilities).toEqual({});
    expect(body.user?.missingSettings).toEqual({ privacyPolicy: 'Datenschutzerklärung (Fassung 2026-01)', newsletter: 'Newsletter' });
  });

  it('given a jury member (issue 12), login and loginstatus answer is_jury next to is_admin; revoking it shows at once', async () => {
    const jury = await createUser(t.handle.db, { isJury: true });
    const res = await login(jury.email, jury.password, '10.1.0.40');
    expect(res.json().user).toMatchObject({ id: jury.id, is_admin: false, isJury: true, facilities: {} });
    const cookie = await loginAs(t.app, jury);
    const status = () => t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } });
    expect(parseAnswer(loginStatusResponseSchema, await status()).user).toMatchObject({ is_admin: false, isJury: true });
    await t.handle.db.update(users).set({ isJury: false }).where(eq(users.id, jury.id));
    expect(parseAnswer(loginStatusResponseSchema, await status()).user?.isJury).toBe(false);
  });

  it('given a newer privacy policy than the shipped 2026-01 was published, a user who accepted the old one is asked again', async () => {
    const user = await createUser(t.handle.db);
    await publishPrivacyPolicy(t.handle.db, '2', new Date(Date.now() - 1000));
    const cookie = await loginAs(t.app, user);
    const body = parseAnswer(loginStatusResponseSchema, await t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } }));
    expect(body.user?.missingSettings).toEqual({ privacyPolicy: 'Datenschutzerklärung (Fassung 2)' });
  });
});
