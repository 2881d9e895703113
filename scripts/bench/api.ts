// GET /api/loginstatus with a logged-in session under load, next to two floors in the same run: a bare Fastify
// route answering {} and a bare Fastify route doing one raw SQL session lookup. autocannon runs as its own process
// (50 connections, 10 s, 127.0.0.1) so it never shares the server's event loop. Prints JSON lines.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { benchCookie, runBench, type BenchWorld } from './kit';
import { startApp } from '../../server/app';
import { queryRows, type DbHandle } from '../../server/db/client';
import { hashToken } from '../../server/modules/auth/sessions.queries';
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
  const season = await createSeason(handle.db, { identifier: `bench-${Date.now()}`, isCurrent: false });
  const user = await createUser(handle.db);
  for (let i = 0; i < 3; i++) {
    const f = await createFacility(handle.db);
    await addMember(handle.db, f.id, user.id);
    if (i < 2) await enrol(handle.db, f.id, season.id);
  }
  return benchCookie(handle.db, user.id);
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

async function benchDriver(w: BenchWorld) {
  const { driver, handle } = w;
  const cookie = await prepare(handle);
  const config = w.config();
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
}

// BENCH_DRIVER=pglite|pg runs one driver only
await runBench('api', benchDriver, { fallback: 'both' });
