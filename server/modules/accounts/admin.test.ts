import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFacility, createUser } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { buildTestApp } from '../../testing/test-app';
import { auditLog } from '../audit/audit.table';
import { facilityMembers } from '../facilities/facilities.table';
import { persons } from '../persons/persons.table';
import { get, lastMailTo, mailsTo, post, strongPassword, tokenIn } from './test-helpers';
import { createTestWorld } from '../../testing/test-world';
import type { AuditAction } from '../../../src/shared/contracts/audit-actions';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { loginStatusResponseSchema } from '../../../src/shared/contracts/auth';
import { adminUserSchema, endSessionsResponseSchema, tokenStatusResponseSchema } from '../../../src/shared/contracts/accounts';

const t = createTestWorld(async () => {
  const app = await buildTestApp();
  const admin = await createUser(app.handle.db, { isAdmin: true });
  return { ...app, admin, cookie: await loginAs(app.app, admin) };
});

const auditFor = async (action: AuditAction, entityId: number) =>
  t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
const put = (url: string, payload: unknown) => t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { cookie: t.cookie } });

describe('admin account API', () => {
  it('given a person of a KiTa, creating an account links it, makes it a member and mails an invitation that asks for a password', async () => {
    const facility = await createFacility(t.handle.db);
    const [person] = await t.handle.db
      .insert(persons)
      .values({ facilityId: facility.id, firstName: 'Paula', lastName: 'Pause', position: 'pädagogische Fachkraft', email: 'paula@test.example' })
      .returning();
    const res = await post(
      t,
      '/api/admin/users',
      { email: 'paula@test.example', firstName: 'Paula', lastName: 'Pause', personId: person!.id, facilityId: facility.id },
      { cookie: t.cookie },
    );
    const created = parseAnswer(adminUserSchema, res, 201);
    expect(created).toMatchObject({ email: 'paula@test.example', isAdmin: false, activatedAt: null, totpEnabled: false, activeSessions: 0 });
    const [linked] = await t.handle.db.select().from(persons).where(eq(persons.id, person!.id));
    expect(linked!.userId).toBe(created.id);
    expect(await t.handle.db.select().from(facilityMembers).where(eq(facilityMembers.userId, created.id))).toHaveLength(1);
    expect(await auditFor('account.create', created.id)).toEqual([expect.objectContaining({ actorUserId: t.admin.id })]);

    const mail = await lastMailTo(t, 'paula@test.example');
    expect(mail.subject).toContain('Dein Zugang');
    const token = tokenIn(mail.text, 'activation');
    expect(parseAnswer(tokenStatusResponseSchema, await get(t, `/api/auth/token-status?kind=activation&token=${token}`))).toMatchObject({
      status: 'valid',
      needsPassword: true,
    });
    const noPassword = await post(t, '/api/auth/activate', { token });
    expect(reasonOfAnswer(noPassword, 400).fields).toEqual({ password: 'Bitte lege ein Passwort fest.' });
    expect((await post(t, '/api/auth/activate', { token, password: strongPassword, passwordRepeat: strongPassword })).statusCode).toBe(200);
    expect(await loginAs(t.app, { email: 'paula@test.example', password: strongPassword })).toBeTruthy();
  });

  it('given an address with an account, an unknown person or KiTa, answers 409 / 404 with a field', async () => {
    const existing = await createUser(t.handle.db);
    const dup = await post(t, '/api/admin/users', { email: existing.email.toUpperCase(), firstName: 'A', lastName: 'B' }, { cookie: t.cookie });
    expect(reasonOfAnswer(dup, 409).fields?.email).toContain('schon ein Benutzerkonto');
    expect(
      reasonOfAnswer(
        await post(t, '/api/admin/users', { email: 'np@test.example', firstName: 'A', lastName: 'B', personId: 999999 }, { cookie: t.cookie }),
      ).fields,
    ).toEqual({ personId: 'Diese Person gibt es nicht.' });
    expect(
      (await post(t, '/api/admin/users', { email: 'nf@test.example', firstName: 'A', lastName: 'B', facilityId: 999999 }, { cookie: t.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      reasonOfAnswer(await post(t, '/api/admin/users', { email: 'kaputt', firstName: '', lastName: 'B' }, { cookie: t.cookie })).fields,
    ).toMatchObject({ email: expect.any(String), firstName: expect.any(String) });
  });

  it('given an account not yet activated, resend mails a new link; an active one answers 409', async () => {
    const waiting = await createUser(t.handle.db, { activatedAt: null });
    const res = await post(t, `/api/admin/users/${waiting.id}/activation/resend`, {}, { cookie: t.cookie });
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(t, waiting.email)).toHaveLength(1);
    expect(await auditFor('account.resend_activation', waiting.id)).toHaveLength(1);
    const active = await createUser(t.handle.db);
    expect(reasonOfAnswer(await post(t, `/api/admin/users/${active.id}/activation/resend`, {}, { cookie: t.cookie })).code).toBe('already_active');
    expect((await post(t, '/api/admin/users/999999/activation/resend', {}, { cookie: t.cookie })).statusCode).toBe(404);
  });

  it('given a user with sessions, deactivating ends them and refuses the login; reactivating allows it again', async () => {
    const user = await createUser(t.handle.db);
    const session = await loginAs(t.app, user);
    expect(parseAnswer(adminUserSchema, await get(t, `/api/admin/users/${user.id}`, t.cookie)).activeSessions).toBe(1);
    const off = await post(t, `/api/admin/users/${user.id}/deactivate`, {}, { cookie: t.cookie });
    expect(parseAnswer(adminUserSchema, off)).toMatchObject({ deactivatedAt: expect.any(String), activeSessions: 0 });
    expect(parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', session)).loggedin).toBe(false);
    await expect(loginAs(t.app, user)).rejects.toThrow(/403/);
    const on = await post(t, `/api/admin/users/${user.id}/reactivate`, {}, { cookie: t.cookie });
    expect(parseAnswer(adminUserSchema, on).deactivatedAt).toBeNull();
    expect(await loginAs(t.app, user)).toBeTruthy();
    expect(await auditFor('account.deactivate', user.id)).toHaveLength(1);
    expect(await auditFor('account.reactivate', user.id)).toHaveLength(1);
    expect(reasonOfAnswer(await post(t, `/api/admin/users/${t.admin.id}/deactivate`, {}, { cookie: t.cookie })).code).toBe('not_self');
  });

  it('given an active account, "reactivate" changes nothing: its sessions live on, no audit entry (issue 18)', async () => {
    const user = await createUser(t.handle.db);
    const session = await loginAs(t.app, user);
    const res = await post(t, `/api/admin/users/${user.id}/reactivate`, {}, { cookie: t.cookie });
    expect(parseAnswer(adminUserSchema, res)).toMatchObject({ deactivatedAt: null, activeSessions: 1 });
    expect(parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', session)).loggedin).toBe(true);
    expect(await auditFor('account.reactivate', user.id)).toHaveLength(0);
  });

  it("given a user's sessions, the admin ends them all", async () => {
    const user = await createUser(t.handle.db);
    const a = await loginAs(t.app, user, '10.90.0.1');
    await loginAs(t.app, user, '10.90.0.2');
    const res = await post(t, `/api/admin/users/${user.id}/sessions/end`, {}, { cookie: t.cookie });
    expect(parseAnswer(endSessionsResponseSchema, res)).toEqual({ ended: 2, msg: '2 Sitzungen wurden beendet.' });
    expect(parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', a)).loggedin).toBe(false);
    expect(await auditFor('session.end_all', user.id)).toEqual([expect.objectContaining({ after: { ended: 2 } })]);
  });

  it('given a user, make and unmake admin, each audit-logged; the last admin cannot be unmade', async () => {
    const user = await createUser(t.handle.db);
    expect(parseAnswer(adminUserSchema, await put(`/api/admin/users/${user.id}/admin`, { isAdmin: true })).isAdmin).toBe(true);
    expect(parseAnswer(adminUserSchema, await put(`/api/admin/users/${user.id}/admin`, { isAdmin: false })).isAdmin).toBe(false);
    expect((await auditFor('account.grant_admin', user.id))[0]).toMatchObject({ before: { isAdmin: false }, after: { isAdmin: true } });
    expect(await auditFor('account.revoke_admin', user.id)).toHaveLength(1);
    expect(reasonOfAnswer(await put(`/api/admin/users/${user.id}/admin`, {})).fields?.isAdmin).toBe('Bitte wähle Ja oder Nein.');

    const solo = await buildTestApp();
    try {
      const only = await createUser(solo.handle.db, { isAdmin: true });
      const c = await loginAs(solo.app, only);
      const res = await solo.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${only.id}/admin`,
        payload: { isAdmin: false },
        headers: { cookie: c },
      });
      expect(reasonOfAnswer(res, 409).code).toBe('last_admin');
    } finally {
      await solo.close();
    }
  });

  it('given a user, an admin makes it a jury member and takes it back, each audit-logged; admin rights stay untouched', async () => {
    const user = await createUser(t.handle.db);
    const userCookie = await loginAs(t.app, user);
    const status = async () => parseAnswer(loginStatusResponseSchema, await get(t, '/api/loginstatus', userCookie)).user;
    const granted = parseAnswer(adminUserSchema, await put(`/api/admin/users/${user.id}/jury`, { isJury: true }));
    expect(granted).toMatchObject({ id: user.id, isJury: true, isAdmin: false });
    expect(await status()).toMatchObject({ isJury: true, is_admin: false });
    expect(parseAnswer(adminUserSchema, await get(t, `/api/admin/users/${user.id}`, t.cookie)).isJury).toBe(true);
    expect(parseAnswer(adminUserSchema, await put(`/api/admin/users/${user.id}/jury`, { isJury: false })).isJury).toBe(false);
    // takes effect with the next request, the session goes on
    expect(await status()).toMatchObject({ isJury: false });
    expect(await auditFor('account.grant_jury', user.id)).toEqual([
      expect.objectContaining({ actorUserId: t.admin.id, entityType: 'user', before: { isJury: false }, after: { isJury: true } }),
    ]);
    expect(await auditFor('account.revoke_jury', user.id)).toEqual([
      expect.objectContaining({ actorUserId: t.admin.id, before: { isJury: true }, after: { isJury: false } }),
    ]);
    expect(reasonOfAnswer(await put(`/api/admin/users/${user.id}/jury`, { isJury: 'ja' })).fields?.isJury).toBe('Bitte wähle Ja oder Nein.');
    expect((await put('/api/admin/users/999999/jury', { isJury: true })).statusCode).toBe(404);

    // an admin's own switch: jury or not, the admin stays an admin (nobody is locked out)
    expect(parseAnswer(adminUserSchema, await put(`/api/admin/users/${t.admin.id}/jury`, { isJury: true }))).toMatchObject({
      isAdmin: true,
      isJury: true,
    });
    expect(parseAnswer(adminUserSchema, await put(`/api/admin/users/${t.admin.id}/jury`, { isJury: false }))).toMatchObject({
      isAdmin: true,
      isJury: false,
    });
    expect((await get(t, `/api/admin/users/${user.id}`, t.cookie)).statusCode).toBe(200);
  });

  it('given a jury member, it grants nothing: the jury and admin switches answer 403 and change nothing', async () => {
    const jury = await createUser(t.handle.db, { isJury: true });
    const other = await createUser(t.handle.db);
    const c = await loginAs(t.app, jury);
    const asJury = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload, headers: { cookie: c } });
    for (const [url, payload] of [
      [`/api/admin/users/${other.id}/jury`, { isJury: true }],
      [`/api/admin/users/${jury.id}/admin`, { isAdmin: true }],
      [`/api/admin/users/${other.id}/admin`, { isAdmin: true }],
    ] as const) {
      expect(reasonOfAnswer(await asJury(url, payload), 403).code).toBe('forbidden');
    }
    expect((await get(t, `/api/admin/users/${other.id}`, c)).statusCode).toBe(403);
    expect(parseAnswer(adminUserSchema, await get(t, `/api/admin/users/${other.id}`, t.cookie))).toMatchObject({ isJury: false, isAdmin: false });
    expect(parseAnswer(adminUserSchema, await get(t, `/api/admin/users/${jury.id}`, t.cookie))).toMatchObject({ isJury: true, isAdmin: false });
  });

  it('given a plain user, the admin account calls answer 403', async () => {
    const user = await createUser(t.handle.db);
    const c = await loginAs(t.app, user);
    expect((await post(t, '/api/admin/users', { email: 'x@test.example', firstName: 'A', lastName: 'B' }, { cookie: c })).statusCode).toBe(403);
    expect((await post(t, '/api/admin/privacy-policy', { version: '9' }, { cookie: c })).statusCode).toBe(403);
  });
});
