// Issue 22 target, measured (never asserted): the admin home's work list (GET /api/admin/work-list) with 5,000 KiTas,
// 30,000 persons and 10 seasons (facilities-seed), plus what the list counts: join requests, documentation forms,
// team-workshop applications, 2,000 dates with 24,000 bookings, 50,000 outbox mails. 10 concurrent admins
// (autocannon as its own process), on PostgreSQL (PGlite with BENCH_DRIVER=pglite). Target p95 <= 100 ms. JSON lines.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { runBench, type BenchWorld } from './kit';
import { startApp } from '../../server/app';
import { seed } from './facilities-seed';
import { seedWork } from './admin-home-seed';
import { adminWorkList } from '../../server/modules/admin-home/admin-home.service';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const FACILITIES = Number(process.env.BENCH_FACILITIES ?? 5000);

async function cannon(url: string, cookie: string) {
  const args = ['-c', String(CONNECTIONS), '-d', String(DURATION), '-j', '-H', `cookie=${cookie}`, url];
  const r = await promisify(execFile)('node_modules/.bin/autocannon', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const out = JSON.parse(r.stdout);
  // autocannon reports p90 and p97.5; p95 lies between them
  return {
    rps: out.requests.average,
    p50: out.latency.p50,
    p90: out.latency.p90,
    p97_5: out.latency.p97_5,
    p99: out.latency.p99,
    errors: out.errors,
    non2xx: out.non2xx,
  };
}

async function benchDriver(w: BenchWorld) {
  const { driver, handle } = w;
  const { cookie } = await seed(handle.db, { facilities: FACILITIES, persons: FACILITIES * 6, seasons: 10 });
  await seedWork(handle);
  const config = w.config();
  const portal = await startApp({ config, db: handle.db, host: '127.0.0.1', port: 0, mail: { start: false } });
  const url = `${portal.address}/api/admin/work-list`;
  const counts = await (await fetch(url, { headers: { cookie } })).json();
  // one admin at a time: the five queries' own time, without queueing behind other callers
  const single: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    await adminWorkList(handle.db, { activeCampaignFromEnv: false });
    single.push(performance.now() - t0);
  }
  single.sort((a, b) => a - b);
  const serviceMs = { p50: Number(single[100]!.toFixed(1)), p95: Number(single[190]!.toFixed(1)) };
  const workList = await cannon(url, cookie);
  // the floor on this machine at this moment: the session lookup alone
  const loginStatus = await cannon(`${portal.address}/api/loginstatus`, cookie);
  await portal.app.close();
  return { driver, facilities: FACILITIES, counts, serviceMs, workList, loginStatus };
}

await runBench('admin-home', benchDriver);
