import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from '../scripts/vite/precompress';
import { buildTestApp, type TestApp } from './testing/test-app';

let t: TestApp;
let logged: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    env: { BODY_LIMIT: '2048' },
    extraRoutes: (app) => {
      app.get('/api/test-only/boom', { config: { access: 'public' } }, async () => {
        throw new Error('connection string postgres://secret@db');
      });
    },
  });
  vi.spyOn(t.app.log, 'error').mockImplementation(((obj: unknown) => {
    logged.push(JSON.stringify(obj));
  }) as never);
});
afterAll(async () => t?.close());

describe('error format (SPEC §3)', () => {
  it('given invalid JSON, answers 400 invalid_json', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason.code).toBe('invalid_json');
    expect(res.json().reason.message).toMatch(/JSON/);
  });

  it('given an unknown /api route, answers 404 not_found in German', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gibt-es-nicht' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ reason: { message: 'Das gibt es hier nicht.', code: 'not_found' } });
  });

  it('given wrong types and missing fields, answers 400 with generic German texts per field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toEqual({
      message: 'Bitte prüfe deine Eingaben.',
      code: 'validation_failed',
      fields: { email: 'Bitte gib deine E-Mail-Adresse an.', password: 'Bitte gib dein Passwort an.' },
    });
  });

  it('given a non-JSON body, answers 415 unsupported_media_type', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/plain' }, payload: 'email=a' });
    expect(res.statusCode).toBe(415);
    expect(res.json().reason.code).toBe('unsupported_media_type');
  });

  it('given a body over the limit, answers 413 payload_too_large', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b.example', password: 'x'.repeat(5000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().reason.code).toBe('payload_too_large');
  });

  it('given an unexpected error, answers 500 with a generic German message and the request id, logs it, leaks nothing', async () => {
    logged = [];
    const res = await t.app.inject({ method: 'GET', url: '/api/test-only/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.reason.code).toBe('internal_error');
    expect(body.reason.message).toContain('Auf unserer Seite ist ein Fehler aufgetreten.');
    expect(body.reason.message).toContain(body.requestId);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toMatch(/at .*\.ts/);
    expect(logged.join('\n')).toContain(body.requestId);
  });
});

describe('origin check and security headers', () => {
  const loginWith = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x@y.example', password: 'z' }, headers, remoteAddress: '10.9.0.1' });

  it('given a foreign Origin on a state-changing call, answers 403 origin_mismatch', async () => {
    const res = await loginWith({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().reason.code).toBe('origin_mismatch');
    const del = await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: { origin: 'http://localhost:3001' } });
    expect(del.statusCode).toBe(403);
  });

  it("given PUBLIC_URL's origin, the request's own host, or no Origin at all, the call goes through", async () => {
    expect((await loginWith({ origin: 'http://localhost:3000' })).statusCode).toBe(401);
    expect((await loginWith({ origin: 'http://portal.test:8080', host: 'portal.test:8080' })).statusCode).toBe(401);
    expect((await loginWith({})).statusCode).toBe(401);
  });

  it('given a page of the SPA, it carries CSP without inline script, frame-ancestors none, nosniff and a referrer policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/stammdaten' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('every document answer carries the full header set helmet used to write; every /api answer (404 and errors too) the JSON set', async () => {
    const documentHeaders = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/', '/stammdaten', '/assets/nope.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(documentHeaders);
    }
    const apiHeaders = {
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    for (const [method, url] of [
      ['GET', '/api/loginstatus'],
      ['GET', '/api/nope'],
      ['GET', '/api/test-only/boom'],
      ['POST', '/api/logout'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { origin: 'https://evil.example' } });
      expect(res.headers, `${method} ${url}`).toMatchObject(apiHeaders);
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('public endpoints', () => {
  it('GET /api/config answers programme name, support contact, legal pages and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({
      programmeName: 'KiTa-Portal',
      supportEmail: 'kontakt@kita-portal.example',
      supportPhone: '0911 123456-0',
      imprintUrl: null,
      privacyUrl: null,
      accessibilityUrl: null,
      accessibilityContact: 'kontakt@kita-portal.example',
      version: expect.any(String),
    });
  });

  it('GET /api/openapi.json describes the routes from their zod schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/logout', '/api/loginstatus', '/api/ping', '/api/config']));
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });

  it('given the OpenAPI document, every operation has an operationId, a summary and its session requirement', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/admin/seasons/{seasonId}'].put).toMatchObject({
      operationId: 'putAdminSeasonsBySeasonId',
      summary: 'admin/seasons/{seasonId}',
    });
    expect(doc.paths['/api/admin/seasons/{seasonId}'].put.security).toBeUndefined(); // the document's default: the session
    expect(doc.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/login'].post.security).toEqual([{}, { session: [] }]);
    expect(doc.paths['/api/admin/seasons/export.csv'].get.responses['200'].content).toHaveProperty('text/csv');
  });

  it('given GET /api/docs, the rendered reference loads Redoc from the portal itself, under the page CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<redoc spec-url="/api/openapi.json">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/redoc.standalone.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it("given the OpenAPI document, each route's error responses follow from its access, params and body", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses).filter((s) => s >= '400');
    expect(statuses('/api/config', 'get')).toEqual([]);
    expect(statuses('/api/me/account', 'get')).toEqual(['401']);
    expect(statuses('/api/admin/seasons/{seasonId}', 'put')).toEqual(['400', '401', '403', '404', '409']);
    expect(statuses('/api/facilities/{facilityId}/persons', 'get')).toEqual(['400', '401', '403', '404']);
    expect(statuses('/api/facilities', 'post')).toEqual(['400', '401', '403', '429']);
  });
});

describe('https deployment', () => {
  it('given an https PUBLIC_URL, the session cookie is __Host-kita_session with Secure', async () => {
    const s = await buildTestApp({ env: { PUBLIC_URL: 'https://portal.example' } });
    try {
      const { createUser } = await import('./testing/factories');
      const user = await createUser(s.handle.db);
      const res = await s.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
      const cookie = res.cookies[0]!;
      expect(cookie.name).toBe('__Host-kita_session');
      expect(cookie.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
      const page = await s.app.inject({ method: 'GET', url: '/stammdaten' });
      expect(page.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
      expect(page.headers['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
    } finally {
      await s.close();
    }
  });
});

describe('SPA serving', () => {
  it('given a built dist/, deep links answer index.html, assets are immutable, /api stays JSON', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    const s = await buildTestApp({ distDir: dist });
    try {
      for (const url of ['/', '/stammdaten', '/verwaltung/kitas/5', '/aktivieren/ctabc?x=1']) {
        const res = await s.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<div id="root">');
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
      const asset = await s.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const api = await s.app.inject({ method: 'GET', url: '/api/nichts' });
      expect(api.statusCode).toBe(404);
      expect(api.json().reason.code).toBe('not_found');
      const traversal = await s.app.inject({ method: 'GET', url: '/../package.json' });
      expect(traversal.body).not.toContain('"dependencies"');
    } finally {
      await s.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it("sends the build's brotli or gzip copy to a browser that accepts it, with Vary, and identity otherwise (issue 19)", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const indexHtml = `<!doctype html><html lang="de"><head><title>KiTa-Portal</title></head><body><div id="root"></div></body></html>`;
    const script = `export const list = [${Array.from({ length: 400 }, (_, i) => `'Eintrag ${i}'`).join(', ')}];\n`;
    fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'console.log(1)');
    const totals = precompressDir(dist);
    expect(totals.files).toBe(2); // index.html always, the tiny script not (below 1 KB)
    expect(fs.existsSync(path.join(dist, 'assets', 'tiny-abc123.js.br'))).toBe(false);
    const s = await buildTestApp({ distDir: dist });
    try {
      const get = (url: string, acceptEncoding?: string) =>
        s.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

      const br = await get('/assets/main-abc123.js', 'gzip, deflate, br, zstd');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.rawPayload.length).toBeLessThan(script.length / 3);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

      const gz = await get('/assets/main-abc123.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

      const plain = await get('/assets/main-abc123.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(script);

      // a file without compressed copies goes out as it is
      const tiny = await get('/assets/tiny-abc123.js', 'br');
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.body).toBe('console.log(1)');

      // index.html and the SPA fallback of a deep link: compressed too, still HTML and never cached unchecked
      for (const url of ['/', '/stammdaten', '/verwaltung/kitas/5']) {
        const page = await get(url, 'br');
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-encoding'], url).toBe('br');
        expect(page.headers['content-type'], url).toMatch(/^text\/html/);
        expect(String(page.headers.vary), url).toMatch(/accept-encoding/i);
        expect(page.headers['cache-control'], url).toBe('no-cache');
        expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(indexHtml);
        const identity = await get(url);
        expect(identity.headers['content-encoding'], url).toBeUndefined();
        expect(identity.body, url).toBe(indexHtml);
      }
    } finally {
      await s.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
