// Issue 12 benchmark (never asserted in tests): the documentation form's autosave on PostgreSQL. 300 KiTas, each
// with a member session and a form half filled in (realistic answers, ~12 KB of JSON), save one changed answer every
// 2 s for 30 s through HTTP, as the open form does while someone types. Target: p99 <= 100 ms. Afterwards every
// KiTa's last confirmed value must be in the database (no update lost). Prints one JSON line.
// BENCH_KITAS, BENCH_SECONDS, BENCH_INTERVAL_MS change the load; BENCH_PG_URL the server (throwaway database).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { startApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDb, queryRows } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { sessionsRepository } from '../../server/modules/auth/sessions.repository';
import { seedEnrolledKitas } from './enrolled-kitas';
import { withThrowawayPg } from './throwaway-pg';

const KITAS = Number(process.env.BENCH_KITAS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 2000);
const KEYS = ['ziele', 'umsetzung', 'erkenntnisse', 'beteiligung_kinder', 'reflexion'];
const TEXT =
  'Die Kinder haben im Frühjahr Weizen gesät, das Wachsen beobachtet und im Sommer mit dem Bäcker aus dem Ort Brot gebacken. ' +
  'In der Kinderkonferenz haben sie entschieden, welche Körner wir ausprobieren; die Eltern haben beim Backfest geholfen.';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kita-bench-autosave-'));
  const handle = await openDb({ databaseUrl });
  try {
    await migrate(handle);
    const db = handle.db;
    const members = await seedEnrolledKitas(db, KITAS, 'Doku-KiTa', 'doku.example');
    // a form in progress: every text question of the default template answered with a paragraph or three
    const answers: Record<string, unknown> = {
      projekttitel: 'Vom Korn zum Brot',
      themen: ['ernaehrung', 'klima'],
      gruppen: 'Sonnenkäfer',
      anzahl_kinder: 24,
      projektbeginn: '2027-03-01',
    };
    for (const k of [
      'ziele',
      'umsetzung',
      'erkenntnisse',
      'beteiligung_kinder',
      'beteiligung_team',
      'beteiligung_eltern',
      'beteiligung_traeger',
      'netzwerkpartner',
      'reflexion',
      'nachhaltigkeit',
    ])
      answers[k] = `${TEXT} ${TEXT} ${TEXT}`;
    const versions = Object.fromEntries(Object.keys(answers).map((k) => [k, 1]));
    await db.execute(sql`insert into documentation_forms (facility_id, season_id, answers, answer_versions, version, saved_at)
      select f.id, s.id, ${JSON.stringify(answers)}::jsonb, ${JSON.stringify(versions)}::jsonb, 1, now() from facilities f, seasons s`);
    await db.execute(sql.raw('analyze'));
    const sessions = sessionsRepository({ db });
    const kitas: { facilityId: number; cookie: string; version: number }[] = [];
    for (const m of members) {
      const s = await sessions.create(m.user_id, { ip: '127.0.0.1', userAgent: 'bench' }, { idleMinutes: 600, maxHours: 24 });
      kitas.push({ facilityId: m.facility_id, cookie: `kita_session=${s.token}`, version: 1 });
    }

    const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, ADMIN_TOTP: 'optional' });
    const portal = await startApp({ config, db, host: '127.0.0.1', port: 0, mail: { start: false } });
    const cpu = process.cpuUsage();
    // the server's own event loop (the load runs in a worker thread): busy time per save, free of the client's work
    const elu = performance.eventLoopUtilization();
    const out = await new Promise<{
      totalMs: number;
      results: { status: number; ms: number; conflicts: number; at: number }[];
      lastSaved: Record<string, Record<string, string>>;
    }>((resolve, reject) => {
      const worker = new Worker(new URL('./autosave-client.mjs', import.meta.url), {
        workerData: { base: portal.address, kitas, seconds: SECONDS, intervalMs: INTERVAL_MS, keys: KEYS, text: TEXT },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const used = process.cpuUsage(cpu);
    const serverBusy = performance.eventLoopUtilization(elu);
    await portal.app.close();

    // no update lost: every KiTa's last confirmed value per key is what the database holds
    const rows = await queryRows<{ facility_id: number; answers: Record<string, unknown> }>(
      db,
      'select facility_id, answers from documentation_forms',
    );
    const stored = new Map(rows.map((r) => [r.facility_id, r.answers]));
    let checked = 0;
    let lost = 0;
    for (const [facilityId, last] of Object.entries(out.lastSaved))
      for (const [key, value] of Object.entries(last)) {
        checked++;
        if (stored.get(Number(facilityId))?.[key] !== value) lost++;
      }
    const latencies = out.results.map((r) => r.ms).sort((a, b) => a - b);
    // p99 per 5 s of the run: a slow start (JIT, caches, pool) shows apart from the steady state
    const windows: number[] = [];
    for (let w = 0; w * 5000 < SECONDS * 1000; w++) {
      const inWindow = out.results
        .filter((r) => r.at >= w * 5000 && r.at < (w + 1) * 5000)
        .map((r) => r.ms)
        .sort((a, b) => a - b);
      if (inWindow.length > 0) windows.push(Number(pct(inWindow, 99).toFixed(1)));
    }
    const byStatus: Record<string, number> = {};
    for (const r of out.results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    return {
      driver: 'pg',
      kitas: KITAS,
      seconds: SECONDS,
      intervalMs: INTERVAL_MS,
      saves: out.results.length,
      savesPerSecond: Math.round((out.results.length / out.totalMs) * 1000),
      p50: Number(pct(latencies, 50).toFixed(1)),
      p95: Number(pct(latencies, 95).toFixed(1)),
      p99: Number(pct(latencies, 99).toFixed(1)),
      max: Number(latencies[latencies.length - 1]!.toFixed(1)),
      p99Per5s: windows,
      // the first 5 s open the pool's connections and warm the JIT; a running portal is past that
      p99After5s: Number(
        pct(
          out.results
            .filter((r) => r.at >= 5000)
            .map((r) => r.ms)
            .sort((a, b) => a - b),
          99,
        ).toFixed(1),
      ),
      serverLoopMsPerSave: Number((serverBusy.active / out.results.length).toFixed(2)),
      serverLoopUtilization: Number(serverBusy.utilization.toFixed(2)),
      processCpuMsPerSave: Number(((used.user + used.system) / 1000 / out.results.length).toFixed(2)),
      answers: byStatus,
      conflicts: out.results.reduce((a, r) => a + r.conflicts, 0),
      checks: { lastValuesChecked: checked, lost },
    };
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const result = await withThrowawayPg(run);
if (result) console.log(JSON.stringify(result));
