// GET /api/loginstatus with a logged-in session under load, next to two floors in the same run: a bare Fastify
// route answering {} and a bare Fastify route doing one raw SQL session lookup. autocannon runs as its own process
// (50 connections, 10 s, 127.0.0.1) so it never shares the server's event loop. Prints JSON lines.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { withThrowawayPg } from './throwaway-pg';
import { startApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDb, queryRows, type DbHandle } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { hashToken, sessionQueries } from '../../server/modules/auth/sessions.queries';
import { addMember, createFacility, createSeason, createUser, enrol } from '../../server/testing/factories';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

// asynchronous on purpose: the servers under test live in this process's event loop
async function cannon(url: string, cookie: string): Promise<Result> {
  const args = ['-c', String(CONNECTIONS), '-d', String(DURATION), '-j', '-H', `cookie=${cookie}`, url];
  const r = await promisify(execFile)('node_modules/.bin/autocannon', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const out = JSON.parse(r.stdout);
  return { rps: out.requests.average, p50: out.latency.p50, p99: out.latency.p99, errors: out.errors, non2xx: out.non2xx };
}

async function prepare(handle: DbHandle) {
  await migrate(handle);
  const season = await createSeason(handle.db, { identifier: `bench-${Date.now()}`, isCurrent: false });
  const user = await createUser(handle.db);
  for (let i = 0; i < 3; i++) {
    const f = await createFacility(handle.db);
    await addMember(handle.db, f.id, user.id);
    if (i < 2) await enrol(handle.db, f.id, season.id);
  }
  const s = await sessionQueries({ db: handle.db }).create(user.id, { ip: '127.0.0.1', userAgent: 'bench' }, { idleMinutes: 600, maxHours: 24 });
  return s.token;
}

async function floors(handle: DbHandle) {
  const app = Fastify({ logger: false });
  app.get('/empty', async () => ({}));
  app.get('/session', async (request) => {
    const token = /kita_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
    const rows = await queryRows<{ user_id: number }>(
      handle.db,
      sql`select user_id from sessions where token_hash = ${hashToken(token)} and expires_at > now() limit 1`,
    );
    return { userId: rows[0]?.user_id ?? null };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address };
}

async function benchDriver(driver: 'pglite' | 'pg', databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kita-bench-api-'));
  const handle = await openDb({ databaseUrl, dataDir: databaseUrl ? undefined : dataDir });
  try {
    const token = await prepare(handle);
    const cookie = `kita_session=${token}`;
    const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, ADMIN_TOTP: 'optional' });
    const portal = await startApp({ config, db: handle.db, host: '127.0.0.1', port: 0 });
    const floor = await floors(handle);
    const empty = await cannon(`${floor.address}/empty`, cookie);
    const oneQuery = await cannon(`${floor.address}/session`, cookie);
    const loginstatus = await cannon(`${portal.address}/api/loginstatus`, cookie);
    await floor.app.close();
    await portal.app.close();
    const ratio = (a: Result, b: Result) => Number((a.rps / b.rps).toFixed(2));
    return {
      driver,
      empty,
      oneQuery,
      loginstatus,
      loginstatusVsOneQuery: ratio(loginstatus, oneQuery),
      loginstatusVsEmpty: ratio(loginstatus, empty),
    };
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// BENCH_DRIVER=pglite|pg runs one driver only (like the KiTa-list benchmark)
const only = process.env.BENCH_DRIVER;
const results = [];
if (!only || only === 'pglite') results.push(await benchDriver('pglite'));
if (!only || only === 'pg') {
  const pgResult = await withThrowawayPg((url) => benchDriver('pg', url));
  if (pgResult) results.push(pgResult);
}
for (const r of results) console.log(JSON.stringify(r));
