// Issue 11 benchmark (never asserted in tests): registration opens and 2,000 booking requests from 500 KiTas hit
// 50 training dates (20 seats each) at the same moment, on PostgreSQL (PGlite runs one transaction at a time, so a
// rush there measures nothing). The load runs in a worker thread (its own event loop). Prints one JSON line: total
// time, decisions per second, latency p50/p99, and the final counts checked exactly (0 overbooked, 0 double
// bookings, waiting lists contiguous).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { startApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDb, queryRows } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { sessionsRepository } from '../../server/modules/auth/sessions.repository';
import { pct, rushChecks, rushFigures, seedRushWorld, type RushResult } from './rush-world';
import { withThrowawayPg } from './throwaway-pg';

const KITAS = Number(process.env.BENCH_KITAS ?? 500);
const PER_KITA = 4;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50);
const SEATS = Number(process.env.BENCH_SEATS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200);

async function run(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kita-bench-rush-'));
  const handle = await openDb({ databaseUrl });
  try {
    await migrate(handle);
    const db = handle.db;
    const t0 = performance.now();
    const world = await seedRushWorld(db, { kitas: KITAS, perKita: PER_KITA, events: EVENTS, seats: SEATS });
    const offeringIds = world.offeringIds;
    const requests = world.requests.map(({ token, ...r }) => ({ ...r, cookie: `kita_session=${token}` }));
    const sessions = sessionsRepository({ db });
    const seedMs = Math.round(performance.now() - t0);

    const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, ADMIN_TOTP: 'optional' });
    const portal = await startApp({ config, db, host: '127.0.0.1', port: 0, mail: { start: false } });
    // CPU of this process (the server and the load worker thread; not PostgreSQL) per request: a figure that depends less
    // on how busy the shared machine is than latency does
    const cpu = process.cpuUsage();
    const out = await new Promise<{ totalMs: number; results: RushResult[] }>((resolve, reject) => {
      const worker = new Worker(new URL('./rush-client.mjs', import.meta.url), {
        workerData: { base: portal.address, concurrency: CONCURRENCY, requests },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const used = process.cpuUsage(cpu);

    // the admin's spring page: the enrolment list of one date with 500 enrolments, and its CSV export
    await db.execute(
      sql.raw(`insert into offerings (kind, season_id, module_id, title, starts_at, ends_at, place, region, capacity, state)
      select 'training', s.id, m.id, 'Großer Termin', now() + interval '40 days', now() + interval '40 days 6 hours', 'Nürnberg', 'Mittelfranken', 400, 'published'
        from seasons s, training_modules m`),
    );
    await db.execute(
      sql.raw(`insert into offering_enrolments (offering_id, facility_id, person_id, state, queued_at)
      select (select max(id) from offerings), p.facility_id, p.id, case when row_number() over (order by p.id) <= 400 then 'confirmed' else 'waitlisted' end,
             now() - (p.id || ' seconds')::interval
        from (select * from persons order by id limit 500) p`),
    );
    await db.execute(sql.raw('analyze'));
    const [big] = await queryRows<{ id: number }>(db, 'select max(id) as id from offerings');
    const admin = await queryRows<{ id: number }>(
      db,
      `insert into users (email, password_hash, first_name, last_name, is_admin, activated_at, privacy_policy_version, privacy_policy_accepted_at, newsletter, newsletter_decided_at)
      values ('admin@rush.example', 'x', 'Alex', 'Admin', true, now(), (select version from privacy_policy_versions order by published_at desc limit 1), now(), false, now()) returning id`,
    );
    const adminSession = await sessions.create(admin[0]!.id, { ip: '127.0.0.1', userAgent: 'bench' }, { idleMinutes: 600, maxHours: 24 });
    const adminCookie = `kita_session=${adminSession.token}`;
    const listTimes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const sort = ['lastName', 'facilityLabel', 'waitlistPosition', 'createdAt'][i % 4];
      const t = performance.now();
      const res = await fetch(`${portal.address}/api/admin/offerings/${big!.id}/enrolments?pageSize=100&sort=${sort}`, {
        headers: { cookie: adminCookie },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`enrolment list answered ${res.status}`);
      listTimes.push(performance.now() - t);
    }
    listTimes.sort((a, b) => a - b);
    const te = performance.now();
    const csv = await fetch(`${portal.address}/api/admin/offerings/${big!.id}/enrolments/export.csv`, { headers: { cookie: adminCookie } });
    const csvBytes = (await csv.arrayBuffer()).byteLength;
    const csvMs = Math.round(performance.now() - te);
    await portal.app.close();

    const checks = await rushChecks(db, { kitas: KITAS, perKita: PER_KITA, events: EVENTS, seats: SEATS }, offeringIds, out.results);
    const { answers, ...figures } = rushFigures(out.results, out.totalMs);
    return {
      driver: 'pg',
      kitas: KITAS,
      requests: requests.length,
      events: EVENTS,
      seatsPerEvent: SEATS,
      concurrency: CONCURRENCY,
      seedMs,
      ...figures,
      processCpuMsPerRequest: Number(((used.user + used.system) / 1000 / requests.length).toFixed(2)),
      answers,
      enrolmentList500: { p50: Number(pct(listTimes, 50).toFixed(1)), p95: Number(pct(listTimes, 95).toFixed(1)), csvMs, csvBytes },
      checks,
    };
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const result = await withThrowawayPg(run);
if (result) console.log(JSON.stringify(result));
