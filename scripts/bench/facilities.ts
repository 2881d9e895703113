// Issue 5 targets, measured (never asserted): with 5,000 KiTas, 30,000 persons and 10 seasons of enrolments,
// the admin KiTa list (filtered, sorted, paged) under 10 concurrent admins (autocannon as its own process, so it
// never shares the server's event loop) and both exports of all KiTas (time, peak RSS of this process, which
// holds the server), on PGlite and, when reachable, PostgreSQL. Prints JSON lines.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { rssSampler, runBench, type BenchWorld } from './kit';
import { startApp } from '../../server/app';
import { seed } from './facilities-seed';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const FACILITIES = Number(process.env.BENCH_FACILITIES ?? 5000);
const PERSONS = FACILITIES * 6;
const SEASONS = 10;

async function cannon(url: string, cookie: string) {
  const args = ['-c', String(CONNECTIONS), '-d', String(DURATION), '-j', '-H', `cookie=${cookie}`, url];
  const cpu = process.cpuUsage();
  const r = await promisify(execFile)('node_modules/.bin/autocannon', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const used = process.cpuUsage(cpu);
  const out = JSON.parse(r.stdout);
  // autocannon reports p90 and p97.5; p95 lies between them. CPU ms per request of this process (server, and the
  // database too with PGlite) is a figure that does not depend on how busy the machine is.
  const cpuMsPerRequest = Number(((used.user + used.system) / 1000 / Math.max(1, out.requests.total)).toFixed(2));
  return {
    rps: out.requests.average,
    p50: out.latency.p50,
    p90: out.latency.p90,
    p97_5: out.latency.p97_5,
    p99: out.latency.p99,
    errors: out.errors,
    non2xx: out.non2xx,
    cpuMsPerRequest,
  };
}

/** one export over HTTP, consumed as a stream; RSS of this process (server included) sampled meanwhile */
async function exportRun(url: string, cookie: string) {
  const rss = rssSampler();
  const before = rss.before;
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  const ms = Math.round(performance.now() - t0);
  const peak = rss.stop();
  return {
    status: res.status,
    ms,
    bytes,
    rssBeforeMB: Math.round(before / 2 ** 20),
    peakRssMB: Math.round(peak / 2 ** 20),
    growthMB: Math.round((peak - before) / 2 ** 20),
  };
}

async function benchDriver(w: BenchWorld) {
  const { driver, handle } = w;
  const { cookie, seedMs } = await seed(handle.db, { facilities: FACILITIES, persons: PERSONS, seasons: SEASONS });
  const config = w.config();
  const portal = await startApp({ config, db: handle.db, host: '127.0.0.1', port: 0, mail: { start: false } });
  const base = `${portal.address}/api/admin/facilities`;
  const listUrl = `${base}?pageSize=25&page=3&sort=city&dir=desc&region=Oberbayern&enrolled=yes`;
  const searchUrl = `${base}?pageSize=25&sort=label&q=sonnenschein`;
  const warm = await fetch(listUrl, { headers: { cookie } });
  const total = ((await warm.json()) as { total: number }).total;
  const list = await cannon(listUrl, cookie);
  const search = await cannon(searchUrl, cookie);
  const csv = await exportRun(`${base}/export.csv?pageSize=0`, cookie);
  const xlsx = await exportRun(`${base}/export.xlsx?pageSize=0`, cookie);
  await portal.app.close();
  return { driver, facilities: FACILITIES, persons: PERSONS, seasons: SEASONS, seedMs, filteredTotal: total, list, search, csv, xlsx };
}

// BENCH_DRIVER=pglite|pg runs one driver only
await runBench('facilities', benchDriver, { fallback: 'both' });
