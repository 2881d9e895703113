// Issue 12 benchmark (never asserted in tests): the documentation form's autosave on PostgreSQL. 300 KiTas, each
// with a member session and a form half filled in (realistic answers, ~12 KB of JSON), save one changed answer every
// 2 s for 30 s through HTTP, as the open form does while someone types. Target: p99 <= 100 ms. Afterwards every
// KiTa's last confirmed value must be in the database (no update lost). Prints one JSON line.
// BENCH_KITAS, BENCH_SECONDS, BENCH_INTERVAL_MS change the load; BENCH_PG_URL the server (throwaway database).
import { performance } from 'node:perf_hooks';
import { startApp } from '../../server/app';
import { inWorker } from './in-worker';
import { autosaveFigures, autosaveKeys, autosaveText, seedFormsInProgress, type AutosaveRun } from './autosave-world';
import { seedEnrolledKitas } from './enrolled-kitas';
import { benchCookie, runBench, type BenchWorld } from './kit';

const KITAS = Number(process.env.BENCH_KITAS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 2000);

async function run(w: BenchWorld) {
  const db = w.db;
  const members = await seedEnrolledKitas(db, KITAS, 'Doku-KiTa', 'doku.example');
  await seedFormsInProgress(db);
  const kitas: { facilityId: number; cookie: string; version: number }[] = [];
  for (const m of members) {
    kitas.push({ facilityId: m.facility_id, cookie: await benchCookie(db, m.user_id), version: 1 });
  }

  const config = w.config();
  const portal = await startApp({ config, db, host: '127.0.0.1', port: 0, mail: { start: false } });
  const cpu = process.cpuUsage();
  // the server's own event loop (the load runs in a worker thread): busy time per save, free of the client's work
  const elu = performance.eventLoopUtilization();
  const out = await inWorker<AutosaveRun>('./autosave-client.mjs', {
    base: portal.address,
    kitas,
    seconds: SECONDS,
    intervalMs: INTERVAL_MS,
    keys: autosaveKeys,
    text: autosaveText,
  });
  const used = process.cpuUsage(cpu);
  const serverBusy = performance.eventLoopUtilization(elu);
  await portal.app.close();

  const { answers, conflicts, checks, ...figures } = await autosaveFigures(db, out, SECONDS);
  return {
    driver: 'pg',
    kitas: KITAS,
    seconds: SECONDS,
    intervalMs: INTERVAL_MS,
    ...figures,
    serverLoopMsPerSave: Number((serverBusy.active / out.results.length).toFixed(2)),
    serverLoopUtilization: Number(serverBusy.utilization.toFixed(2)),
    processCpuMsPerSave: Number(((used.user + used.system) / 1000 / out.results.length).toFixed(2)),
    answers,
    conflicts,
    checks,
  };
}

await runBench('autosave', run);
