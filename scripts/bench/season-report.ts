// Issue 22 targets, measured (never asserted): the season report GET /api/admin/season-report/2026-27 with 5,000
// KiTas, 30,000 persons and 10 seasons (the facilities bench's seed) plus what the report counts
// (server/testing/season-report-seed.ts: forms, approvals, 4 modules with 200 dates each per season, hospitations,
// bookings, awarding events, team workshops; 2017-18 to 2021-22 as imported history), on PostgreSQL (PGlite with
// BENCH_DRIVER=pglite). Target p95 <= 300 ms with 10 admins at once: measured as 10 admins opening it at the same
// moment (BENCH_ROUNDS rounds) and as 10 asking again and again for BENCH_SECONDS (saturated, like autocannon); a
// worker thread is the client. Its XLSX <= 2 s. Prints one JSON line.
import { startApp } from '../../server/app';
import { queryRows } from '../../server/db/client';
import { seasonReport } from '../../server/modules/season-report/season-report.service';
import { seedSeasonReportData } from '../../server/testing/season-report-seed';
import { inWorker } from './in-worker';
import { seed } from './facilities-seed';
import { runBench, type BenchWorld } from './kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FACILITIES = Number(process.env.BENCH_FACILITIES ?? 5000);
const LANES = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const SEASON = '2026-27';

const pct = (sorted: number[], p: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!.toFixed(1));
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: Number(s.at(-1)!.toFixed(1)) };
};

function load(url: string, cookie: string, mode: 'loop' | 'burst'): Promise<{ status: number; ms: number }[]> {
  return inWorker('./season-report-client.mjs', { url, cookie, lanes: LANES, seconds: SECONDS, rounds: ROUNDS, mode });
}

async function benchDriver(w: BenchWorld) {
  const { driver, handle } = w;
  const t0 = performance.now();
  const { cookie } = await seed(handle.db, { facilities: FACILITIES, persons: FACILITIES * 6, seasons: 10 });
  await seedSeasonReportData(handle.db, { imported: ['2017-18', '2018-19', '2019-20', '2020-21', '2021-22'], empty: [] });
  const seedMs = Math.round(performance.now() - t0);
  const [rows] = await queryRows<Record<string, number>>(
    handle.db,
    `select (select count(*) from facilities)::int as facilities, (select count(*) from persons)::int as persons,
        (select count(*) from seasons)::int as seasons, (select count(*) from season_enrolments)::int as enrolments,
        (select count(*) from offerings)::int as dates, (select count(*) from offering_enrolments)::int as bookings,
        (select count(*) from legacy_records)::int as "legacyRecords"`,
  );
  const config = w.config();
  const portal = await startApp({ config, db: handle.db, host: '127.0.0.1', port: 0, mail: { start: false } });
  const url = `${portal.address}/api/admin/season-report/${SEASON}`;
  const first = await (await fetch(url, { headers: { cookie } })).json();
  // one admin at a time: the queries' own time, without queueing behind other callers
  const single: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await seasonReport(handle.db, SEASON);
    single.push(performance.now() - t);
  }
  // ten admins opening the report at the same moment, ROUNDS times; then ten asking again and again (saturated)
  const burst = await load(url, cookie, 'burst');
  const loop = await load(url, cookie, 'loop');
  const non200 = [...burst, ...loop].filter((r) => r.status !== 200).length;
  // the XLSX over HTTP, as the admin downloads it
  const xlsx: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const res = await fetch(`${url}/export.xlsx`, { headers: { cookie } });
    bytes = (await res.arrayBuffer()).byteLength;
    xlsx.push(performance.now() - t);
  }
  await portal.app.close();
  return {
    driver,
    seedMs,
    data: rows,
    enrolled: first.funnel?.total?.enrolled,
    comparison: first.comparison?.seasons?.map((s: { identifier: string; source: string }) => `${s.identifier} ${s.source}`),
    serviceMs: summary(single),
    burst10: summary(burst.map((r) => r.ms)),
    loop10: { ...summary(loop.map((r) => r.ms)), rps: Number((loop.length / SECONDS).toFixed(1)) },
    non200,
    xlsxMs: { ...summary(xlsx), bytes },
  };
}

await runBench('season-report', benchDriver);
