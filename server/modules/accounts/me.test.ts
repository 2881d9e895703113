import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMember, createFacility, createSeason, createUser, enrol, shippedPrivacyPolicyVersion as shipped } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { buildTestApp } from '../../testing/test-app';
import { auditLog } from '../audit/audit.table';
import { sessions } from '../auth/sessions.table';
import { facilityMembers } from '../facilities/facilities.table';
import { persons } from '../persons/persons.table';
import { seasonEnrolments } from '../seasons/seasons.table';
import { users } from '../users/users.table';
import { get, lastMailTo, mailsTo, post, strongPassword, tokenIn } from './test-helpers';
import { createTestWorld } from '../../testing/test-world';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { loginStatusResponseSchema } from '../../../src/shared/contracts/auth';
import {
  accountResponseSchema,
  deletionCheckResponseSchema,
  privacyPolicyResponseSchema,
  sessionsResponseSchema,
  tokenStatusResponseSchema,
} from '../../../src/shared/contracts/accounts';

const t = createTestWorld(() => buildTestApp()); // migration 0001 ships privacy policy version `shipped`

const call = (method: 'PATCH' | 'PUT' | 'POST' | 'GET', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function userWithCookie(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.handle.db, overrides);
  return { user, cookie: await loginAs(t.app, user) };
}

describe('GET /api/me/account and profile', () => {
  it('given a logged-in user, answers the account with consents, two-factor state and missingSettings', async () => {
    const { user, cookie } = await userWithCookie();
    const res = await get(t, '/api/me/account', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Erika',
      pendingEmail: null,
      consents: { privacyPolicyVersion: shipped, currentPrivacyPolicyVersion: shipped, newsletter: false },
      totp: { enabled: false, required: false, recoveryCodesLeft: 0 },
      missingSettings: {},
    });
  });

  it('given a new name, PATCH /api/me/profile stores it, audit-logs it and refuses empty names in German', async () => {
    const { user, cookie } = await userWithCookie();
    const res = await call('PATCH', '/api/me/profile', cookie, { firstName: ' Lotta ', lastName: 'Kunz' });
    expect(res.json()).toMatchObject({ firstName: 'Lotta', lastName: 'Kunz' });
    const bad = await call('PATCH', '/api/me/profile', cookie, { firstName: '', lastName: 'Kunz' });
    expect(bad.statusCode).toBe(400);
    expect(reasonOfAnswer(bad).fields).toEqual({ firstName: 'Bitte gib deinen Vornamen an.' });
    const entries = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.update_profile'));
    expect(entries.find((e) => e.entityId === String(user.id))?.after).toEqual({ firstName: 'Lotta', lastName: 'Kunz' });
  });
});

describe('e-mail change', () => {
  it('given the password, mails a link to the new address and a notice to the old; confirming switches the login address', async () => {
    const { user, cookie } = await userWithCookie();
    const res = await call('POST', '/api/me/email', cookie, { newEmail: 'Neue.Adresse@test.example', password: user.password });
    expect(res.statusCode).toBe(200);
    expect(parseAnswer(accountResponseSchema, await get(t, '/api/me/account', cookie)).pendingEmail).toBe('Neue.Adresse@test.example');
    const confirm = await lastMailTo(t, 'neue.adresse@test.example');
    expect(confirm.text).toContain('http://localhost:3000/einstellungen/email-bestaetigen/');
    const notice = await lastMailTo(t, user.email);
    expect(notice.subject).toContain('Änderung deiner E-Mail-Adresse');
    expect(notice.text).toContain('Neue.Adresse@test.example');
    const token = tokenIn(confirm.text, 'email-change');
    expect(parseAnswer(tokenStatusResponseSchema, await get(t, `/api/auth/token-status?kind=email-change&token=${token}`)).status).toBe('valid');
    const done = await post(t, '/api/auth/email-change/confirm', { token });
    expect(done.statusCode).toBe(200);
    expect(done.json().msg).toContain('neue E-Mail-Adresse gilt');
    await expect(loginAs(t.app, user)).rejects.toThrow(/401/);
    expect(await loginAs(t.app, { email: 'neue.adresse@test.example', password: user.password })).toBeTruthy();
    expect(reasonOfAnswer(await post(t, '/api/auth/email-change/confirm', { token })).code).toBe('token_used');
  });

  it('given a wrong password, the same address or a broken one, answers 400 with the field', async () => {
    const { user, cookie } = await userWithCookie();
    const wrong = await call('POST', '/api/me/email', cookie, { newEmail: 'x@test.example', password: 'falsch' });
    expect(wrong.statusCode).toBe(400);
    expect(reasonOfAnswer(wrong).fields).toEqual({ password: 'Das Passwort ist falsch.' });
    const same = await call('POST', '/api/me/email', cookie, { newEmail: user.email.toUpperCase(), password: user.password });
    expect(reasonOfAnswer(same).fields).toEqual({ newEmail: 'Das ist schon deine E-Mail-Adresse.' });
    const broken = await call('POST', '/api/me/email', cookie, { newEmail: 'kaputt', password: user.password });
    expect(reasonOfAnswer(broken).fields?.newEmail).toMatch(/gültige E-Mail-Adresse/);
  });

  it('given an address that belongs to another account, answers the same and tells only that owner', async () => {
    const { user, cookie } = await userWithCookie();
    const other = await createUser(t.handle.db);
    const res = await call('POST', '/api/me/email', cookie, { newEmail: other.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect((await lastMailTo(t, other.email)).subject).toContain('Deine E-Mail-Adresse wurde angegeben');
    expect(await mailsTo(t, user.email)).toHaveLength(0);
  });

  it('given the address was taken between request and confirmation, confirming answers 409 email_taken', async () => {
    const { user, cookie } = await userWithCookie();
    await call('POST', '/api/me/email', cookie, { newEmail: 'spaeter-vergeben@test.example', password: user.password });
    const token = tokenIn((await lastMailTo(t, 'spaeter-vergeben@test.example')).text, 'email-change');
    await createUser(t.handle.db, { email: 'spaeter-vergeben@test.example' });
    const res = await post(t, '/api/auth/email-change/confirm', { token });
    expect(res.statusCode).toBe(409);
    expect(reasonOfAnswer(res).code).toBe('email_taken');
  });
});

describe('password change', () => {
  it('given the current password, sets the new one, keeps this session and ends the others', async () => {
    const { user, cookie } = await userWithCookie();
    const other = await loginAs(t.app, user, '10.70.0.2');
    const res = await call('POST', '/api/me/password', cookie, {
      currentPassword: user.password,
      password: strongPassword,
      passwordRepeat: strongPassword,
    });
    expect(res.statusCode).toBe(200);
    expect(parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', cookie)).loggedin).toBe(true);
    expect(parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', other)).loggedin).toBe(false);
    expect(await loginAs(t.app, { email: user.email, password: strongPassword })).toBeTruthy();
    expect((await lastMailTo(t, user.email)).subject).toContain('Dein Passwort wurde geändert');
  });

  it('given a wrong current password or a weak new one, answers 400 per field and changes nothing', async () => {
    const { user, cookie } = await userWithCookie();
    const wrong = await call('POST', '/api/me/password', cookie, {
      currentPassword: 'falsch',
      password: strongPassword,
      passwordRepeat: strongPassword,
    });
    expect(reasonOfAnswer(wrong).fields).toEqual({ currentPassword: 'Das Passwort ist falsch.' });
    const weak = await call('POST', '/api/me/password', cookie, {
      currentPassword: user.password,
      password: 'erika-muster-1',
      passwordRepeat: 'erika-muster-1',
    });
    expect(reasonOfAnswer(weak).fields?.password).toMatch(/Namen/);
    const mismatch = await call('POST', '/api/me/password', cookie, {
      currentPassword: user.password,
      password: strongPassword,
      passwordRepeat: 'anders',
    });
    expect(reasonOfAnswer(mismatch).fields?.passwordRepeat).toBe('Die beiden Passwörter stimmen nicht überein.');
    expect(await loginAs(t.app, user)).toBeTruthy();
  });
});

describe('consents and missingSettings', () => {
  it('given undecided consents, dialog 3 lists them until they are decided; a newly published policy asks again', async () => {
    const { user, cookie } = await userWithCookie({
      newsletter: null,
      newsletterDecidedAt: null,
      privacyPolicyVersion: null,
      privacyPolicyAcceptedAt: null,
    });
    expect(parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', cookie)).user?.missingSettings).toEqual({
      privacyPolicy: `Datenschutzerklärung (Fassung ${shipped})`,
      newsletter: 'Newsletter',
    });
    const afterNewsletter = await call('PUT', '/api/me/consents', cookie, { newsletter: true });
    expect(afterNewsletter.json().consents).toMatchObject({ newsletter: true, newsletterDecidedAt: expect.any(String) });
    expect(afterNewsletter.json().missingSettings).toEqual({ privacyPolicy: `Datenschutzerklärung (Fassung ${shipped})` });
    const outdated = await call('PUT', '/api/me/consents', cookie, { acceptPrivacyPolicyVersion: '0' });
    expect(outdated.statusCode).toBe(409);
    expect(reasonOfAnswer(outdated).code).toBe('policy_outdated');
    const accepted = await call('PUT', '/api/me/consents', cookie, { acceptPrivacyPolicyVersion: shipped });
    expect(accepted.json().consents).toMatchObject({ privacyPolicyVersion: shipped, privacyPolicyAcceptedAt: expect.any(String) });
    expect(parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', cookie)).user?.missingSettings).toEqual({});
    // a newsletter "no" is a decision too
    expect(parseAnswer(accountResponseSchema, await call('PUT', '/api/me/consents', cookie, { newsletter: false })).missingSettings).toEqual({});
    expect((await call('PUT', '/api/me/consents', cookie, {})).statusCode).toBe(400);

    const admin = await createUser(t.handle.db, { isAdmin: true });
    const adminCookie = await loginAs(t.app, admin);
    const published = await call('POST', '/api/admin/privacy-policy', adminCookie, { version: '2' });
    expect(published.statusCode).toBe(201);
    expect((await call('POST', '/api/admin/privacy-policy', adminCookie, { version: '2' })).statusCode).toBe(409);
    expect(parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', cookie)).user?.missingSettings).toEqual({
      privacyPolicy: 'Datenschutzerklärung (Fassung 2)',
    });
    expect(parseAnswer(privacyPolicyResponseSchema, await get(t, '/api/privacy-policy')).version).toBe('2');
    await call('PUT', '/api/me/consents', cookie, { acceptPrivacyPolicyVersion: '2' });
    expect(parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', cookie)).user?.missingSettings).toEqual({});
    const audit = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'privacy_policy.publish'));
    expect(audit[0]).toMatchObject({ actorUserId: admin.id, after: { version: '2' } });
    void user;
  });
});

describe('sessions', () => {
  it('given three logins, lists them with the current one marked and ends all others', async () => {
    const { user, cookie } = await userWithCookie();
    const a = await loginAs(t.app, user, '10.71.0.2');
    await loginAs(t.app, user, '10.71.0.3');
    const list = parseAnswer(sessionsResponseSchema, await get(t, '/api/me/sessions', cookie)).items;
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.ip).sort()).toEqual(['10.0.0.1', '10.71.0.2', '10.71.0.3']);
    const ended = await call('POST', '/api/me/sessions/end-others', cookie);
    expect(ended.json()).toEqual({ ended: 2, msg: '2 andere Sitzungen wurden beendet.' });
    expect(parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', a)).loggedin).toBe(false);
    expect(parseAnswer(sessionsResponseSchema, await get(t, '/api/me/sessions', cookie)).items).toHaveLength(1);
  });
});

describe('data export', () => {
  it('given memberships, a person record and an enrolment, the JSON download holds all of them and no secrets', async () => {
    const { user, cookie } = await userWithCookie();
    const facility = await createFacility(t.handle.db, { label: 'Kita Export' });
    await addMember(t.handle.db, facility.id, user.id);
    await t.handle.db
      .insert(persons)
      .values({ facilityId: facility.id, firstName: 'Erika', lastName: 'Muster', position: 'Leitung', userId: user.id });
    const season = await createSeason(t.handle.db);
    await enrol(t.handle.db, facility.id, season.id, { createdBy: user.id });
    const res = await get(t, '/api/me/export', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kita-portal-meine-daten-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = res.json();
    expect(body.account).toMatchObject({ id: user.id, email: user.email, firstName: 'Erika' });
    expect(body.consents).toMatchObject({ privacyPolicyVersion: shipped, newsletter: false });
    expect(body.memberships).toEqual([{ facilityId: facility.id, label: 'Kita Export', since: expect.any(String) }]);
    expect(body.persons).toEqual([expect.objectContaining({ facilityId: facility.id, position: 'Leitung' })]);
    expect(body.enrolments).toEqual([expect.objectContaining({ type: 'season-enrolment', facilityId: facility.id, seasonId: season.id })]);
    expect(body.sessions).toHaveLength(1);
    expect(body.activity.map((a: { action: string }) => a.action)).toContain('session.start');
    expect(res.body).not.toContain(user.passwordHash);
  });
});

describe('account deletion', () => {
  it('given the last member of a KiTa, warns first (409 with the KiTas), then deletes on confirmation and pseudonymises references', async () => {
    const { user, cookie } = await userWithCookie();
    const facility = await createFacility(t.handle.db, { label: 'Kita Allein' });
    await addMember(t.handle.db, facility.id, user.id);
    const [person] = await t.handle.db
      .insert(persons)
      .values({ facilityId: facility.id, firstName: 'Erika', lastName: 'Muster', email: user.email, position: 'Leitung', userId: user.id })
      .returning();
    await call('PATCH', '/api/me/profile', cookie, { firstName: 'Erika', lastName: 'Neu' }); // an audit entry with names
    const season = await createSeason(t.handle.db);
    const enrolment = await enrol(t.handle.db, facility.id, season.id, { createdBy: user.id });

    expect(parseAnswer(deletionCheckResponseSchema, await get(t, '/api/me/deletion-check', cookie))).toEqual({
      lastMemberOf: [{ id: facility.id, label: 'Kita Allein' }],
    });
    const wrong = await call('POST', '/api/me/delete', cookie, { password: 'falsch' });
    expect(wrong.statusCode).toBe(400);
    expect(reasonOfAnswer(wrong).fields).toEqual({ password: 'Das Passwort ist falsch.' });
    const warned = await call('POST', '/api/me/delete', cookie, { password: user.password });
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({
      reason: { code: 'last_member', message: expect.stringContaining('Kita Allein') },
      lastMemberOf: [{ id: facility.id }],
    });

    const res = await call('POST', '/api/me/delete', cookie, { password: user.password, confirmLastMember: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toContain('gelöscht');
    expect(await t.handle.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await t.handle.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await t.handle.db.select().from(facilityMembers).where(eq(facilityMembers.userId, user.id))).toHaveLength(0);
    const [keptPerson] = await t.handle.db.select().from(persons).where(eq(persons.id, person!.id));
    expect(keptPerson).toMatchObject({
      userId: null,
      facilityId: facility.id,
      firstName: 'Gelöschte',
      lastName: 'Person',
      email: '',
      position: 'Leitung',
    });
    const aboutUser = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(
      aboutUser.filter((e) => e.entityType === 'user' && e.action !== 'account.delete').every((e) => e.before === null && e.after === null),
    ).toBe(true);
    const [keptEnrolment] = await t.handle.db.select().from(seasonEnrolments).where(eq(seasonEnrolments.id, enrolment.id));
    expect(keptEnrolment!.createdBy).toBeNull();
    expect(await t.handle.db.select().from(auditLog).where(eq(auditLog.actorUserId, user.id))).toHaveLength(0);
    expect(parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', cookie)).loggedin).toBe(false);
    expect((await lastMailTo(t, user.email)).subject).toContain('Dein Benutzerkonto wurde gelöscht');
  });

  it('given a KiTa with another member, deletes without a warning', async () => {
    const { user, cookie } = await userWithCookie();
    const colleague = await createUser(t.handle.db);
    const facility = await createFacility(t.handle.db);
    await addMember(t.handle.db, facility.id, user.id);
    await addMember(t.handle.db, facility.id, colleague.id);
    expect((await call('POST', '/api/me/delete', cookie, { password: user.password })).statusCode).toBe(200);
  });

  it('given the only administrator, refuses with 409 last_admin', async () => {
    const solo = await buildTestApp();
    try {
      const admin = await createUser(solo.handle.db, { isAdmin: true });
      const cookie = await loginAs(solo.app, admin);
      const res = await solo.app.inject({ method: 'POST', url: '/api/me/delete', headers: { cookie }, payload: { password: admin.password } });
      expect(res.statusCode).toBe(409);
      expect(reasonOfAnswer(res).code).toBe('last_admin');
    } finally {
      await solo.close();
    }
  });
});
