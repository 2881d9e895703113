// Issue 11 benchmark (never asserted in tests): registration opens and 2,000 booking requests from 500 KiTas hit
// 50 training dates (20 seats each) at the same moment, on PostgreSQL (PGlite runs one transaction at a time, so a
// rush there measures nothing). The load runs in a worker thread (its own event loop); the mail worker runs as in
// production (kicked by every enqueue, writing .eml files). Issue 23: the same run first measures the database floor
// (../shared/tools/booking-floor.sh, pgbench doing a booking's database work, 50 clients, 2,000 transactions), then
// the rush with 50 in flight (decisions/s, and their ratio to the floor), then a fresh rush with 200 in flight (p99).
// Prints one JSON line per rush and a summary line; the final counts are checked exactly (0 overbooked, 0 double
// bookings, waiting lists contiguous, every 201 stored, every booking's mail sent once).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { startApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDb, queryRows } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { sessionsRepository } from '../../server/modules/auth/sessions.repository';
import { withThrowawayPg } from './throwaway-pg';

const KITAS = Number(process.env.BENCH_KITAS ?? 500);
const PER_KITA = 4;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50);
const SEATS = Number(process.env.BENCH_SEATS ?? 20);
// the ratio's run (the floor's 50 clients) and the latency run
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '50,200').split(',').map(Number);
// BENCH_MAIL=off: the mail worker not started (the bench before issue 23), to see what the mails cost
const MAIL = process.env.BENCH_MAIL !== 'off';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(databaseUrl: string, CONCURRENCY: number, withAdminList: boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kita-bench-rush-'));
  const handle = await openDb({ databaseUrl });
  try {
    await migrate(handle);
    const db = handle.db;
    const t0 = performance.now();
    await db.execute(sql`insert into seasons (identifier, label, enrolment_state, is_current) values ('2026-27', 'KiTa-Jahr 2026/27', 'open', true)`);
    await db.execute(
      sql.raw(`insert into facilities (label, kind, postal_code, city, region)
      select 'Rush-KiTa ' || i, 'Kindergarten', '90402', 'Nürnberg', 'Mittelfranken' from generate_series(1, ${KITAS}) i`),
    );
    await db.execute(
      sql.raw(`insert into season_enrolments (facility_id, season_id, accepted_terms_at)
      select f.id, s.id, now() from facilities f, seasons s`),
    );
    await db.execute(
      sql.raw(`insert into persons (facility_id, first_name, last_name, position, email)
      select f.id, 'Person', 'Nr' || j, 'pädagogische Fachkraft', 'p' || f.id || '-' || j || '@rush.example' from facilities f, generate_series(1, ${PER_KITA}) j`),
    );
    await db.execute(
      sql.raw(`insert into users (email, password_hash, first_name, last_name, activated_at, privacy_policy_version, privacy_policy_accepted_at, newsletter, newsletter_decided_at)
      select 'member' || f.id || '@rush.example', 'x', 'Mitglied', 'Nr' || f.id, now(), (select version from privacy_policy_versions order by published_at desc limit 1), now(), false, now() from facilities f`),
    );
    await db.execute(
      sql.raw(`insert into facility_members (facility_id, user_id)
      select f.id, u.id from facilities f join users u on u.email = 'member' || f.id || '@rush.example'`),
    );
    await db.execute(sql.raw(`insert into training_modules (season_id, title) select id, 'Einsteiger' from seasons`));
    await db.execute(
      sql.raw(`insert into offerings (kind, season_id, module_id, title, starts_at, ends_at, place, region, capacity, state, registration_opens_at)
      select 'training', s.id, m.id, 'Termin ' || i, now() + interval '30 days', now() + interval '30 days 6 hours', 'Nürnberg', 'Mittelfranken', ${SEATS}, 'published', now() - interval '1 second'
        from seasons s, training_modules m, generate_series(1, ${EVENTS}) i`),
    );
    await db.execute(sql.raw('analyze'));
    const members = await queryRows<{ user_id: number; facility_id: number }>(
      db,
      'select user_id, facility_id from facility_members order by facility_id',
    );
    const sessions = sessionsRepository({ db });
    const cookieOf = new Map<number, string>();
    for (const m of members) {
      const s = await sessions.create(m.user_id, { ip: '127.0.0.1', userAgent: 'bench' }, { idleMinutes: 600, maxHours: 24 });
      cookieOf.set(m.facility_id, `kita_session=${s.token}`);
    }
    const personsRows = await queryRows<{ id: number; facility_id: number }>(db, 'select id, facility_id from persons order by facility_id, id');
    const offeringIds = (await queryRows<{ id: number }>(db, 'select id from offerings order by id')).map((r) => r.id);
    const requests = personsRows.map((p, i) => ({
      facilityId: p.facility_id,
      personId: p.id,
      offeringId: offeringIds[i % offeringIds.length]!,
      cookie: cookieOf.get(p.facility_id)!,
    }));
    // the rush arrives in no particular order
    for (let i = requests.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [requests[i], requests[j]] = [requests[j]!, requests[i]!];
    }
    const seedMs = Math.round(performance.now() - t0);

    const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, ADMIN_TOTP: 'optional' });
    const portal = await startApp({ config, db, host: '127.0.0.1', port: 0, mail: { start: MAIL } });
    // CPU of this process (the server and the load worker thread; not PostgreSQL) per request: a figure that depends less
    // on how busy the shared machine is than latency does
    const cpu = process.cpuUsage();
    const out = await new Promise<{ totalMs: number; results: { status: number; ms: number; code: string | null; state: string | null }[] }>(
      (resolve, reject) => {
        const worker = new Worker(new URL('./rush-client.mjs', import.meta.url), {
          workerData: { base: portal.address, concurrency: CONCURRENCY, requests },
        });
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    const used = process.cpuUsage(cpu);

    // every booking's mail (the worker may still be at it): then counted as files and outbox rows
    const drainStart = performance.now();
    await portal.app.mail.worker.drain();
    const drainMs = Math.round(performance.now() - drainStart);
    const mailDir = path.join(dataDir, 'mail');
    const mailFiles = existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')).length : 0;
    const [outbox] = await queryRows<{ sent: number; other: number }>(
      db,
      `select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as other from mail_outbox`,
    );

    const enrolmentList500 = withAdminList ? await adminList() : undefined;
    await portal.app.close();

    async function adminList() {
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
      return { p50: Number(pct(listTimes, 50).toFixed(1)), p95: Number(pct(listTimes, 95).toFixed(1)), csvMs, csvBytes };
    }

    const latencies = out.results.map((r) => r.ms).sort((a, b) => a - b);
    const byStatus: Record<string, number> = {};
    for (const r of out.results) {
      const key = r.code ? `${r.status} ${r.code}` : String(r.status);
      byStatus[key] = (byStatus[key] ?? 0) + 1;
    }
    const decided = out.results.filter((r) => r.status === 201 || (r.status === 409 && r.code !== 'rush')).length;

    const perOffering = await queryRows<{ id: number; confirmed: number; waitlisted: number; capacity: number }>(
      db,
      `select o.id, o.capacity,
         count(*) filter (where e.state = 'confirmed')::int as confirmed,
         count(*) filter (where e.state = 'waitlisted')::int as waitlisted
       from offerings o left join offering_enrolments e on e.offering_id = o.id where o.id in (${offeringIds.join(',')}) group by o.id order by o.id`,
    );
    const [doubles] = await queryRows<{ n: number }>(
      db,
      `select count(*)::int as n from (select 1 from offering_enrolments where state <> 'cancelled' and offering_id in (${offeringIds.join(',')}) group by offering_id, person_id having count(*) > 1) d`,
    );
    const [gaps] = await queryRows<{ n: number }>(
      db,
      `select count(*)::int as n from (select offering_id, count(*) as c, max(pos) as m from (
         select offering_id, row_number() over (partition by offering_id order by queued_at, id) as pos from offering_enrolments where state = 'waitlisted') w
       group by offering_id) g where c <> m`,
    );
    const overbooked = perOffering.filter((o) => o.confirmed > o.capacity).length;
    const booked201 = out.results.filter((r) => r.status === 201).length;
    const stored = perOffering.reduce((a, o) => a + o.confirmed + o.waitlisted, 0);
    const perEventRequests = requests.length / EVENTS;
    const expectedConfirmed = EVENTS * Math.min(SEATS, perEventRequests);
    return {
      driver: 'pg',
      kitas: KITAS,
      requests: requests.length,
      events: EVENTS,
      seatsPerEvent: SEATS,
      concurrency: CONCURRENCY,
      seedMs,
      totalMs: Math.round(out.totalMs),
      decisionsPerSecond: Math.round((decided / out.totalMs) * 1000),
      p50: Number(pct(latencies, 50).toFixed(1)),
      p90: Number(pct(latencies, 90).toFixed(1)),
      p99: Number(pct(latencies, 99).toFixed(1)),
      max: Number(latencies[latencies.length - 1]!.toFixed(1)),
      processCpuMsPerRequest: Number(((used.user + used.system) / 1000 / requests.length).toFixed(2)),
      answers: byStatus,
      ...(enrolmentList500 ? { enrolmentList500 } : {}),
      mail: MAIL ? { drainAfterRushMs: drainMs, files: mailFiles, outboxSent: outbox!.sent, outboxNotSent: outbox!.other } : 'off',
      checks: {
        overbooked,
        doubleBookings: doubles!.n,
        waitlistGaps: gaps!.n,
        answered201EqualsStored: booked201 === stored,
        everyMailSentOnce: MAIL ? mailFiles === booked201 && outbox!.sent === booked201 && outbox!.other === 0 : 'mail off',
        confirmed: perOffering.reduce((a, o) => a + o.confirmed, 0),
        expectedConfirmed: booked201 === requests.length ? expectedConfirmed : `≤ ${expectedConfirmed} (not every request was decided)`,
        waitlisted: perOffering.reduce((a, o) => a + o.waitlisted, 0),
      },
    };
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** the database floor of a booking, or null when the script or pgbench is missing */
function floor(clients: number, transactions: number): { floorTps: number; clients: number; latencyMs: number } | null {
  const script = [process.env.BOOKING_FLOOR, '../shared/tools/booking-floor.sh', '../../shared/tools/booking-floor.sh'].find(
    (p): p is string => !!p && existsSync(p),
  );
  if (!script) {
    console.error('booking-floor.sh not found (BOOKING_FLOOR=path): no floor, no ratio');
    return null;
  }
  const r = spawnSync('bash', [script, String(clients), String(transactions)], { encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(`booking-floor.sh failed: ${r.stderr}`);
    return null;
  }
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

const floorRun = floor(50, 2000);
if (floorRun) console.log(JSON.stringify(floorRun));
const rushes: Record<number, Awaited<ReturnType<typeof run>>> = {};
for (const [i, c] of CONCURRENCIES.entries()) {
  const result = await withThrowawayPg((url) => run(url, c, i === 0));
  if (!result) break;
  rushes[c] = result;
  console.log(JSON.stringify(result));
}
const at50 = rushes[50];
const at200 = rushes[200];
if (at50 || at200) {
  const checks = Object.values(rushes).map((r) => r.checks);
  console.log(
    JSON.stringify({
      summary: true,
      floorTps: floorRun?.floorTps ?? null,
      decisionsPerSecondAt50: at50?.decisionsPerSecond ?? null,
      ratio: floorRun && at50 ? Number((at50.decisionsPerSecond / floorRun.floorTps).toFixed(3)) : null,
      cpuMsPerRequestAt50: at50?.processCpuMsPerRequest ?? null,
      p99At200: at200?.p99 ?? null,
      mail: MAIL ? 'on' : 'off',
      correct: checks.every(
        (c) => c.overbooked === 0 && c.doubleBookings === 0 && c.waitlistGaps === 0 && c.answered201EqualsStored && c.everyMailSentOnce !== false,
      ),
    }),
  );
}
