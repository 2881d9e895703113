import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { publicRoute } from './lib/route-builders';
import { createUser } from './testing/factories';
import { buildTestApp, type TestApp } from './testing/test-app';

/** Issue 25: what NODE_ENV=production changes (the compiled server itself: production-server.test.ts). */
const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://kita.example.org' };

describe('production configuration', () => {
  it.each([
    ['no PUBLIC_URL', {}],
    ['an http PUBLIC_URL', { PUBLIC_URL: 'http://kita.example.org' }],
  ])('given NODE_ENV=production and %s, refuses to start and names PUBLIC_URL', (_what, env) => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...env })).toThrow(/PUBLIC_URL: mit NODE_ENV=production ist eine https-Adresse nötig/);
  });

  it('given NODE_ENV=production and an https PUBLIC_URL, starts with Secure cookies', () => {
    const config = loadConfig(production);
    expect(config.production).toBe(true);
    expect(config.secureCookies).toBe(true);
  });

  it('given no NODE_ENV, an http PUBLIC_URL is fine (the newcomer on localhost)', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).production).toBe(false);
  });
});

describe('behind a reverse proxy (TRUST_PROXY=1)', () => {
  it('given a client that writes its own X-Forwarded-For, the address is the one the proxy appended, not the forged one', async () => {
    const t = await buildTestApp({
      env: { TRUST_PROXY: '1' },
      extraRoutes: async (app) => {
        publicRoute(app).get('/test/ip', { schema: {}, handler: async (request) => ({ ip: request.ip, protocol: request.protocol }) });
      },
    });
    try {
      // what nginx's `$proxy_add_x_forwarded_for` sends: the client's own header, then the address nginx saw
      const res = await t.app.inject({
        method: 'GET',
        url: '/test/ip',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9', 'x-forwarded-proto': 'https' },
      });
      expect(res.json()).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    } finally {
      await t.close();
    }
  });
});

describe('a production app', () => {
  let t: TestApp;
  let dist: string;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js.map'), '{"sources":["secret.ts"]}');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js.map.br'), 'compressed map');
    t = await buildTestApp({ env: production, distDir: dist, logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('given a source map in dist/, answers 404 for it (and its compressed copies), the script itself 200', async () => {
    for (const url of ['/assets/index-abc.js.map', '/assets/index-abc.js.map.br', '/assets/missing.js.map']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('secret.ts');
    }
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
  });

  it('given a login, sets the session cookie Secure, HttpOnly, SameSite=Lax with the __Host- prefix', async () => {
    const user = await createUser(t.handle.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
      headers: { origin: 'https://kita.example.org' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name.endsWith('kita_session'));
    expect(cookie).toMatchObject({ name: '__Host-kita_session', secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('given requests with a search, an e-mail in the body and a client address, logs JSON lines without any of them; the address only in the security event of the failed login (warn, SPEC §10)', async () => {
    lines.length = 0;
    const email = 'eva.vertraulich@test.example';
    await t.app.inject({ method: 'GET', url: '/api/admin/persons?search=Vertraulich', remoteAddress: '203.0.113.77' });
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'falsch-falsch-falsch' },
      headers: { origin: 'https://kita.example.org' },
      remoteAddress: '203.0.113.77',
    });
    expect(lines.length).toBeGreaterThan(0);
    const parsed = lines.map((l) => JSON.parse(l) as { level: number; req?: { url: string } });
    expect(parsed.filter((l) => l.req).map((l) => l.req?.url)).toEqual(['/api/admin/persons', '/api/login']);
    const all = lines.join('\n');
    for (const secret of ['Vertraulich', 'vertraulich', 'falsch-falsch']) expect(all).not.toContain(secret);
    // the client address: at info never; in exactly one line, the warn security event of the failed login
    const withAddress = parsed.filter((_, i) => lines[i]!.includes('203.0.113.77'));
    expect(withAddress).toEqual([expect.objectContaining({ level: 40, securityEvent: 'login.failed', userId: null, ip: '203.0.113.77' })]);
  });
});
