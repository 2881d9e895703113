import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { buildTestApp } from '../../testing/test-app';
import { createTestWorld } from '../../testing/test-world';

/**
 * SPEC §10: security events are log lines at `warn` with the account's id and the client's address, never the
 * e-mail address; at `info` no address or name at all. Read from the app's real log (pino JSON lines).
 */
const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
    done();
  },
});

const t = createTestWorld(async () => {
  const app = await buildTestApp({ logger: { level: 'info', stream } });
  const admin = await createUser(app.handle.db, { isAdmin: true, email: 'chefin.sicher@test.example' });
  return { ...app, admin, cookie: await loginAs(app.app, admin) };
});

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
const events = (name: string) => lines.filter((l) => l.securityEvent === name);

describe('security events in the log', () => {
  it('given failed logins up to the lock, logs each at warn with user id and address, then the lock and the refused tries; never the e-mail address', async () => {
    const user = await createUser(t.handle.db, { email: 'opfer.sicher@test.example' });
    await login('niemand.sicher@test.example', 'falsch-falsch-1', '10.9.0.1');
    for (let i = 0; i < 5; i++) await login(user.email, `falsch-falsch-${i}`, '10.9.0.2');
    expect((await login(user.email, user.password, '10.9.0.3')).statusCode).toBe(429);

    expect(events('login.failed')).toEqual([
      expect.objectContaining({ level: 40, msg: 'login failed', userId: null, ip: '10.9.0.1', factor: 'password' }),
      ...Array.from({ length: 5 }, () => expect.objectContaining({ level: 40, userId: user.id, ip: '10.9.0.2', factor: 'password' })),
    ]);
    expect(events('login.locked')).toEqual([expect.objectContaining({ level: 40, userId: user.id, ip: '10.9.0.2' })]);
    expect(events('login.throttled')).toEqual([expect.objectContaining({ level: 40, userId: user.id, ip: '10.9.0.3' })]);
    expect(JSON.stringify(lines)).not.toMatch(/opfer\.sicher|niemand\.sicher/);
  });

  it('given a password reset asked for a known and an unknown address, logs both at warn (user id or null), never the address', async () => {
    const user = await createUser(t.handle.db, { email: 'vergesslich.sicher@test.example' });
    for (const [email, ip] of [
      [user.email, '10.9.1.1'],
      ['unbekannt.sicher@test.example', '10.9.1.2'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email }, remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
    await t.flushMail();
    expect(events('password_reset.requested')).toEqual([
      expect.objectContaining({ level: 40, userId: user.id, ip: '10.9.1.1' }),
      expect.objectContaining({ level: 40, userId: null, ip: '10.9.1.2' }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/vergesslich\.sicher|unbekannt\.sicher/);
  });

  it('given an admin granting and taking admin and jury rights, logs each at warn with the account, the admin and the address', async () => {
    const user = await createUser(t.handle.db, { email: 'kollegin.sicher@test.example' });
    const put = (what: 'admin' | 'jury', payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}/${what}`, payload, headers: { cookie: t.cookie }, remoteAddress: '10.9.2.1' });
    expect((await put('admin', { isAdmin: true })).statusCode).toBe(200);
    expect((await put('admin', { isAdmin: false })).statusCode).toBe(200);
    expect((await put('jury', { isJury: true })).statusCode).toBe(200);
    expect((await put('jury', { isJury: false })).statusCode).toBe(200);
    for (const name of ['admin.granted', 'admin.revoked', 'jury.granted', 'jury.revoked'])
      expect(events(name), name).toEqual([expect.objectContaining({ level: 40, userId: user.id, actorUserId: t.admin.id, ip: '10.9.2.1' })]);
  });

  it('at info, no line holds an e-mail address', () => {
    const info = lines.filter((l) => (l.level as number) <= 30);
    expect(info.length).toBeGreaterThan(0);
    expect(JSON.stringify(info)).not.toMatch(/@test\.example/);
  });
});
