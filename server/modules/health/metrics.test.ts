import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addMember, createFacility, createUser } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { buildTestApp } from '../../testing/test-app';
import { createTestWorld } from '../../testing/test-world';

const token = 'metrics-token-aus-dem-test-0123456789';
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-metrics-dist-'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>KiTa-Portal</title>');
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

// a built SPA (dist/ with index.html), so the SPA's fallback is in play for the unknown /api paths
const t = createTestWorld(() => buildTestApp({ env: { METRICS_TOKEN: token }, distDir, mail: { start: false } }));
const metrics = (authorization?: string) => t.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

describe('GET /api/metrics', () => {
  it('given a few requests, answers Prometheus text with route templates as labels, never an id or an address', async () => {
    const user = await createUser(t.handle.db, { email: 'eva.metrik@test.example' });
    const facility = await createFacility(t.handle.db);
    await addMember(t.handle.db, facility.id, user.id);
    const cookie = await loginAs(t.app, user);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/facilities/${facility.id}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
    }
    // another KiTa's id: 403/404, counted under the same template
    await t.app.inject({ method: 'GET', url: `/api/facilities/${facility.id + 1000}`, headers: { cookie } });
    await t.app.inject({ method: 'GET', url: '/api/unbekannt/eva.metrik@test.example' });

    const res = await metrics(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/facilities\/:facilityId",status_code="200"\} 3$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/api\/login",status_code="200"\} 1$/m);
    // with the SPA built, the unknown path went to its wildcard route, which answered the JSON 404
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/\*",status_code="404"\} 1$/m);
    // no label holds a number of its own or an address: only templates
    const labels = [...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!);
    expect(labels.length).toBeGreaterThan(0);
    for (const route of labels) expect(route, route).not.toMatch(/\/\d+(\/|$)|@/);
    // in no label value: the figures themselves (bytes, seconds) may hold the same digits by chance, as CI saw
    const labelValues = [...text.matchAll(/="([^"]*)"/g)].map((m) => m[1]!);
    for (const value of labelValues) expect(value, value).not.toMatch(new RegExp(`(^|\\D)${facility.id + 1000}(\\D|$)`));
    expect(text).not.toContain('eva.metrik');

    expect(text).toMatch(/^nodejs_eventloop_delay_seconds\{quantile="0\.99"\} [\d.e-]+$/m);
    if (process.env.DATABASE_URL) {
      // PostgreSQL: the pool's connections in use and idle, and the requests waiting for one
      expect(text).toMatch(/^kita_db_info\{driver="pg"\} 1$/m);
      expect(text).toMatch(/^kita_db_pool_connections\{state="in_use"\} \d+$/m);
      expect(text).toMatch(/^kita_db_pool_connections\{state="idle"\} \d+$/m);
      expect(text).toMatch(/^kita_db_pool_waiting \d+$/m);
    } else {
      // PGlite: no pool figures made up, the driver named
      expect(text).toMatch(/^kita_db_info\{driver="pglite"\} 1$/m);
      expect(text).not.toContain('kita_db_pool_connections{');
    }
    expect(text).toMatch(/^kita_mail_outbox_pending 0$/m);
    expect(text).toMatch(/^kita_mail_outbox_oldest_pending_age_seconds 0$/m);
    expect(text).toMatch(/^kita_mail_outbox_failed_last_24h 0$/m);
    expect(text).toMatch(/^kita_job_interval_seconds\{job="session-sweep"\} 3600$/m);
    expect(text).toMatch(/^kita_job_stale\{job="session-sweep"\} 0$/m);
  });

  it('given no token, a wrong one or another scheme, answers 401 in German and says nothing about the portal', async () => {
    for (const authorization of [undefined, 'Bearer falsch', `Basic ${token}`, `Bearer ${token}x`]) {
      const res = await metrics(authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json().reason).toMatchObject({ code: 'metrics_token', message: expect.stringContaining('Zugangsschlüssel') });
      expect(res.body).not.toContain('http_request');
    }
  });

  it('given no METRICS_TOKEN configured, the endpoint does not exist (JSON 404), with or without a token', async () => {
    const s = await buildTestApp({ mail: { start: false } });
    try {
      for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
        const res = await s.app.inject({ method: 'GET', url: '/api/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json().reason.code).toBe('not_found');
      }
    } finally {
      await s.close();
    }
  });

  it('given two apps in one process, each has its own registry (no collision, no shared counts)', async () => {
    const s = await buildTestApp({ env: { METRICS_TOKEN: token }, mail: { start: false } });
    try {
      const res = await s.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('route="/api/facilities/:facilityId"');
    } finally {
      await s.close();
    }
  });
});

describe('unknown /api paths with the SPA built', () => {
  it('given an unknown path under /api (any method, with a query, /api itself), answers a JSON 404, never the SPA', async () => {
    for (const [method, url] of [
      ['GET', '/api/unbekannt'],
      ['GET', '/api'],
      ['GET', '/api/unbekannt?x=1'],
      ['HEAD', '/api/facilities/1/gibt-es-nicht'],
      ['POST', '/api/unbekannt'],
      ['GET', '/api%2Funbekannt'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
      if (method !== 'HEAD') expect(res.json().reason.code).toBe('not_found');
    }
    // outside /api the SPA's routes answer its page (its router shows "not found" itself)
    const spa = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(spa.statusCode).toBe(200);
    expect(spa.headers['content-type']).toMatch(/^text\/html/);
  });
});
