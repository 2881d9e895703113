import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createJobHeartbeats } from '../../lib/job-heartbeats';
import { createLifecycle } from '../../lib/lifecycle';
import { openTestDb } from '../../testing/test-db';
import { buildTestApp } from '../../testing/test-app';
import { createTestWorld } from '../../testing/test-world';
import { mailOutbox } from '../mail/mail.table';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-health-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// the worker stays off: the test's outbox rows must wait as written
const t = createTestWorld(() => buildTestApp({ env: { DATA_DIR: dataDir }, mail: { start: false } }));
const health = (query = '') => t.app.inject({ method: 'GET', url: `/api/health${query}` });
const secretAddress = 'eva.vertraulich@test.example';

describe('GET /api/health', () => {
  it('given a healthy portal, answers 200 with every check ok, no cache, no personal data', async () => {
    const res = await health();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      checks: {
        database: { status: 'ok' },
        migrations: { status: 'ok' },
        mail: { status: 'ok', pending: 0, oldestPendingSeconds: 0, failedLast24h: 0 },
        disk: { status: 'ok' },
        // the session sweep runs in every app; judged from the start, it is not stale yet
        jobs: { status: 'ok', items: [{ name: 'session-sweep', intervalSeconds: 3600, lastSuccessAt: null, stale: false }] },
      },
      // package.json's version; a commit only when the build or GIT_COMMIT names one (none here: never a guess)
      version: { package: expect.stringMatching(/^\d+\.\d+\.\d+/) },
    });
    expect(body.version).not.toHaveProperty('commit');
    expect(body.checks.migrations.applied).toBe(body.checks.migrations.expected);
    expect(body.checks.migrations.applied).toBeGreaterThan(0);
    expect(body.checks.disk.freeBytes).toBeGreaterThan(0);
  });

  it('given a mail waiting longer than 15 minutes, answers 503 naming the mail check; given-up mails are counted, budget holds not; no address shows', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.handle.db.insert(mailOutbox).values([
      { recipient: secretAddress, template: 'test', status: 'pending', createdAt: hourAgo },
      { recipient: secretAddress, template: 'test', status: 'failed', lastError: 'smtp 550' },
      { recipient: secretAddress, template: 'test', status: 'failed', budget: 'over', lastError: 'budget' },
    ]);
    try {
      const res = await health();
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.status).toBe('fail');
      expect(body.checks.mail).toMatchObject({ status: 'fail', pending: 1, failedLast24h: 1 });
      expect(body.checks.mail.oldestPendingSeconds).toBeGreaterThanOrEqual(3600);
      expect(body.checks.mail.message).toContain('Mails warten seit über 15 Minuten');
      expect(body.checks.database.status).toBe('ok');
      expect(res.body).not.toContain('vertraulich');
    } finally {
      await t.handle.db.delete(mailOutbox);
    }
  });

  it('given more than 10 mails given up in 24 hours, answers 503 naming the mail check', async () => {
    const failed = (n: number) =>
      Array.from({ length: n }, () => ({ recipient: secretAddress, template: 'test', status: 'failed' as const, lastError: 'smtp 550' }));
    await t.handle.db.insert(mailOutbox).values(failed(10));
    try {
      expect((await health()).statusCode).toBe(200);
      await t.handle.db.insert(mailOutbox).values(failed(1));
      const res = await health();
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.mail).toMatchObject({ status: 'fail', failedLast24h: 11, message: 'Mehr als 10 Mails in 24 Stunden aufgegeben' });
    } finally {
      await t.handle.db.delete(mailOutbox);
    }
  });

  it('given a given-up mail alone, stays 200 and reports it (monitoring decides)', async () => {
    await t.handle.db.insert(mailOutbox).values({ recipient: secretAddress, template: 'test', status: 'failed', lastError: 'smtp 550' });
    try {
      const res = await health();
      expect(res.statusCode).toBe(200);
      expect(res.json().checks.mail).toMatchObject({ status: 'ok', failedLast24h: 1 });
    } finally {
      await t.handle.db.delete(mailOutbox);
    }
  });

  it('given a database behind the shipped migrations, answers 503 naming the migrations check', async () => {
    const newest = (await t.handle.db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as {
      rows: { id: number; hash: string; created_at: string }[];
    };
    const row = newest.rows[0]!;
    await t.handle.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await health();
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.checks.migrations).toMatchObject({ status: 'fail', message: 'Migrationen nicht aktuell' });
      expect(body.checks.migrations.applied).toBe(body.checks.migrations.expected - 1);
    } finally {
      await t.handle.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await health()).statusCode).toBe(200);
  });

  it('given ?ready on a ready portal, answers 200 with lifecycle and database only', async () => {
    const res = await health('?ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { lifecycle: { status: 'ok', state: 'ready' }, database: { status: 'ok' } } });
  });

  it('is documented in the OpenAPI document as public, with 200 and 503', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/health'].get;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '503']));
    expect(op.security).toEqual([{}, { session: [] }]);
  });
});

describe('GET /api/health when the portal is not ready', () => {
  it('given a portal shutting down, ?ready answers 503 with the state; the full health still reports', async () => {
    const s = await buildTestApp({ env: { DATA_DIR: dataDir }, mail: { start: false } });
    try {
      s.app.lifecycle.stopping();
      const res = await s.app.inject({ method: 'GET', url: '/api/health?ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'fail',
        checks: { lifecycle: { status: 'fail', state: 'stopping', message: 'Das Portal fährt herunter.' }, database: { status: 'ok' } },
      });
      expect((await s.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('given an unreachable database, answers 503 naming the database check (and ?ready too)', async () => {
    const handle = await openTestDb();
    const s = await buildTestApp({ env: { DATA_DIR: dataDir }, mail: { start: false }, handle });
    try {
      await handle.close();
      const res = await s.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.database).toEqual({ status: 'fail', message: 'Datenbank nicht erreichbar' });
      const ready = await s.app.inject({ method: 'GET', url: '/api/health?ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.database.status).toBe('fail');
    } finally {
      await s.app.close();
    }
  });

  it('given the lifecycle, it starts as starting, becomes ready once, and stopping is final', () => {
    const l = createLifecycle();
    expect(l.state).toBe('starting');
    l.ready();
    expect(l.state).toBe('ready');
    l.stopping();
    l.ready();
    expect(l.state).toBe('stopping');
  });
});

describe('GET /api/health and the background jobs', () => {
  it('given GIT_COMMIT, names the commit beside the package version', async () => {
    const s = await buildTestApp({ env: { DATA_DIR: dataDir, GIT_COMMIT: 'ABCDEF1234567' }, mail: { start: false } });
    try {
      expect((await s.app.inject({ method: 'GET', url: '/api/health' })).json().version).toEqual({
        package: expect.any(String),
        commit: 'abcdef1234567',
      });
    } finally {
      await s.close();
    }
  });

  it('given a job whose rounds stop, fails the jobs check naming it once twice its interval passed; a job that never ran is judged from the start', async () => {
    let now = Date.parse('2026-11-29T06:00:00Z');
    const heartbeats = createJobHeartbeats(() => now);
    // the reminders (every 5 minutes) and the mail worker (every 5 s) run; their first rounds beat at 06:00
    const s = await buildTestApp({ env: { DATA_DIR: dataDir }, jobs: { reminders: true }, heartbeats });
    try {
      const jobsCheck = async () => (await s.app.inject({ method: 'GET', url: '/api/health' })).json().checks.jobs;
      await vi.waitFor(async () => {
        const items = (await jobsCheck()).items as { name: string; lastSuccessAt: string | null }[];
        expect(items.find((j) => j.name === 'programme-reminders')?.lastSuccessAt).toBe('2026-11-29T06:00:00.000Z');
      });
      // the jobs stop (as if their timers had died); the clock goes on
      await s.app.mail.worker.stop();
      now += 11_000; // 11 s: the mail worker (5 s) is past twice its interval, the reminders (5 min) are not
      let res = await s.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe('fail');
      expect(res.json().checks.jobs).toMatchObject({
        status: 'fail',
        message: 'Hintergrundjob ohne erfolgreichen Lauf seit über dem Doppelten seines Takts: mail-outbox',
      });
      expect(res.json().checks.jobs.items).toEqual(
        expect.arrayContaining([
          { name: 'mail-outbox', intervalSeconds: 5, lastSuccessAt: expect.any(String), stale: true },
          { name: 'programme-reminders', intervalSeconds: 300, lastSuccessAt: '2026-11-29T06:00:00.000Z', stale: false },
        ]),
      );
      now += 10 * 60_000;
      res = await s.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json().checks.jobs.message).toBe(
        'Hintergrundjob ohne erfolgreichen Lauf seit über dem Doppelten seines Takts: mail-outbox, programme-reminders',
      );
      // the session sweep (hourly) never ran: judged from the start, 11 minutes are fine
      expect(res.json().checks.jobs.items).toContainEqual({ name: 'session-sweep', intervalSeconds: 3600, lastSuccessAt: null, stale: false });
      now += 2 * 3_600_000;
      res = await s.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json().checks.jobs.items).toContainEqual({ name: 'session-sweep', intervalSeconds: 3600, lastSuccessAt: null, stale: true });
      // the load balancer's ?ready does not ask the jobs
      expect((await s.app.inject({ method: 'GET', url: '/api/health?ready' })).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });
});
