import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { buildTestApp } from '../../testing/test-app';
import { auditLog } from '../audit/audit.table';
import { createSecretBox } from '../../lib/secret-box';
import { TEST_TOTP_KEY } from '../../testing/test-app';
import { totpRecoveryCodes, userTotp } from './accounts.table';
import { sealPlainTotpSecrets } from './totp';
import { get, post } from './test-helpers';
import { createTestWorld } from '../../testing/test-world';
import { reasonOfAnswer } from '../../testing/parse-answer';

const t = createTestWorld(() => buildTestApp({ env: { ADMIN_TOTP: 'required' } }));

const code = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
let ip = 0;
const login = (email: string, password: string, totp?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password, ...(totp ? { totp } : {}) },
    remoteAddress: `10.80.${Math.floor(++ip / 200)}.${ip % 200}`,
  });

describe('administrators under ADMIN_TOTP=required', () => {
  it('given an admin without a second factor, the right password leads to the set-up; a right code finishes it, logs in and shows recovery codes once', async () => {
    const admin = await createUser(t.handle.db, { isAdmin: true });
    const first = await login(admin.email, admin.password);
    expect(first.statusCode).toBe(401);
    const body = first.json();
    expect(body).toMatchObject({ success: false, user: null, needs: 'totp-setup', reason: { code: 'totp_setup_required' } });
    expect(body.msg).toContain('Authenticator-App');
    expect(body.totpSetup.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(first.cookies).toHaveLength(0);
    const secret: string = body.totpSetup.secret;
    // asking again shows the same secret (the QR code on screen stays valid)
    expect((await login(admin.email, admin.password)).json().totpSetup.secret).toBe(secret);

    const wrong = await login(admin.email, admin.password, '000000');
    expect(wrong.json()).toMatchObject({ needs: 'totp-setup', reason: { code: 'totp_invalid' } });

    const done = await login(admin.email, admin.password, await code(secret));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, user: { is_admin: true } });
    const codes: string[] = done.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(codes[0]).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    const stored = await t.handle.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, admin.id));
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace('-', ''));
    const entries = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(admin.id)));
    expect(entries.map((e) => e.action)).toContain('account.enable_totp');
    expect(JSON.stringify(entries)).not.toContain(secret);
    // the secret is stored encrypted: a database dump alone does not give the second factor away
    const [stored2fa] = await t.handle.db.select().from(userTotp).where(eq(userTotp.userId, admin.id));
    expect(stored2fa!.secret).toMatch(/^v1\./);
    expect(stored2fa!.secret).not.toContain(secret);
    expect(createSecretBox(Buffer.from(TEST_TOTP_KEY, 'base64')).open(stored2fa!.secret!)).toBe(secret);

    // from now on: password, then code
    const needs = await login(admin.email, admin.password);
    expect(needs.json()).toMatchObject({ success: false, needs: 'totp', reason: { code: 'totp_required' } });
    expect(needs.json().totpSetup).toBeUndefined();
    const next = await code(secret, 30);
    const ok = await login(admin.email, admin.password, next);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().recoveryCodes).toBeUndefined();
    // the same code is not accepted twice
    expect(reasonOfAnswer(await login(admin.email, admin.password, next)).code).toBe('totp_invalid');

    // a recovery code works once
    expect((await login(admin.email, admin.password, codes[0]!.toLowerCase())).statusCode).toBe(200);
    expect(reasonOfAnswer(await login(admin.email, admin.password, codes[0]!)).code).toBe('totp_invalid');
    const status = (await get(t, '/api/me/totp', `kita_session=${ok.cookies.find((c) => c.name === 'kita_session')!.value}`)).json();
    expect(status).toEqual({ enabled: true, required: true, recoveryCodesLeft: 9 });
  });

  it('given a right password and wrong codes, the failures count toward the login throttle', async () => {
    const admin = await createUser(t.handle.db, { isAdmin: true });
    const secret = (await login(admin.email, admin.password)).json().totpSetup.secret;
    await login(admin.email, admin.password, await code(secret));
    for (let i = 0; i < 5; i++) expect((await login(admin.email, admin.password, '123456')).statusCode).toBe(401);
    const blocked = await login(admin.email, admin.password, await code(secret, 30));
    expect(blocked.statusCode).toBe(429);
  });

  it('given a wrong password, nothing about the second factor is revealed', async () => {
    const admin = await createUser(t.handle.db, { isAdmin: true });
    const res = await login(admin.email, 'falsch');
    expect(res.statusCode).toBe(401);
    expect(res.json().needs).toBeUndefined();
    expect(res.json().totpSetup).toBeUndefined();
  });

  it('given an admin with a second factor, it cannot be switched off', async () => {
    const admin = await createUser(t.handle.db, { isAdmin: true });
    const secret = (await login(admin.email, admin.password)).json().totpSetup.secret;
    const res = await login(admin.email, admin.password, await code(secret));
    const cookie = `kita_session=${res.cookies.find((c) => c.name === 'kita_session')!.value}`;
    const off = await post(t, '/api/me/totp/disable', { password: admin.password }, { cookie });
    expect(off.statusCode).toBe(409);
    expect(reasonOfAnswer(off).code).toBe('totp_required');
  });

  it('given ADMIN_TOTP=optional, an admin signs in with the password alone', async () => {
    const relaxed = await buildTestApp({ env: { ADMIN_TOTP: 'optional' } });
    try {
      const admin = await createUser(relaxed.handle.db, { isAdmin: true });
      expect(await loginAs(relaxed.app, admin)).toBeTruthy();
    } finally {
      await relaxed.close();
    }
  });
});

describe('optional second factor for everyone', () => {
  it('given a user, set-up → enable with a code → login needs the code → new recovery codes → disable with the password', async () => {
    const user = await createUser(t.handle.db);
    const cookie = await loginAs(t.app, user);
    expect((await get(t, '/api/me/totp', cookie)).json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const setup = await post(t, '/api/me/totp/setup', {}, { cookie });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(otpauthUrl).toContain(encodeURIComponent(user.email).replace('%40', '%40'));
    const wrong = await post(t, '/api/me/totp/enable', { code: '000000' }, { cookie });
    expect(wrong.statusCode).toBe(400);
    expect(reasonOfAnswer(wrong).fields?.code).toMatch(/stimmt nicht/);
    expect(reasonOfAnswer(await post(t, '/api/me/totp/enable', { code: 'abc' }, { cookie })).fields?.code).toBe('Der Code besteht aus 6 Ziffern.');
    const enabled = await post(t, '/api/me/totp/enable', { code: await code(secret) }, { cookie });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().recoveryCodes).toHaveLength(10);
    expect((await post(t, '/api/me/totp/setup', {}, { cookie })).statusCode).toBe(409);

    expect((await login(user.email, user.password)).json().needs).toBe('totp');
    expect((await login(user.email, user.password, await code(secret, 30))).statusCode).toBe(200);

    const fresh = await post(t, '/api/me/totp/recovery-codes', { password: user.password }, { cookie });
    expect(fresh.json().recoveryCodes).toHaveLength(10);
    expect(fresh.json().recoveryCodes[0]).not.toBe(enabled.json().recoveryCodes[0]);
    expect(reasonOfAnswer(await login(user.email, user.password, enabled.json().recoveryCodes[1])).code).toBe('totp_invalid');

    expect((await post(t, '/api/me/totp/disable', { password: 'falsch' }, { cookie })).statusCode).toBe(400);
    const off = await post(t, '/api/me/totp/disable', { password: user.password }, { cookie });
    expect(off.json()).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect(await t.handle.db.select().from(userTotp).where(eq(userTotp.userId, user.id))).toHaveLength(0);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('TOTP secrets at rest', () => {
  it('given a secret stored in plain text by an older version, it is sealed on start and still signs in', async () => {
    const admin = await createUser(t.handle.db, { isAdmin: true });
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.handle.db.insert(userTotp).values({ userId: admin.id, secret, enabledAt: new Date() });
    expect(await sealPlainTotpSecrets(t.handle.db, t.config)).toBe(1);
    expect(await sealPlainTotpSecrets(t.handle.db, t.config)).toBe(0);
    const [row] = await t.handle.db.select().from(userTotp).where(eq(userTotp.userId, admin.id));
    expect(row!.secret).toMatch(/^v1\./);
    expect((await login(admin.email, admin.password, await code(secret))).statusCode).toBe(200);
  });

  it('a wrong key cannot open a sealed secret', () => {
    const sealed = createSecretBox(Buffer.alloc(32, 1)).seal('GEHEIM');
    expect(createSecretBox(Buffer.alloc(32, 1)).open(sealed)).toBe('GEHEIM');
    expect(() => createSecretBox(Buffer.alloc(32, 2)).open(sealed)).toThrow();
  });
});
