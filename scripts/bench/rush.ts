// Issue 11 benchmark (never asserted in tests): registration opens and 2,000 booking requests from 500 KiTas hit
// 50 training dates (20 seats each) at the same moment, on PostgreSQL (PGlite runs one transaction at a time, so a
// rush there measures nothing). The load runs in a worker thread (its own event loop); the mail worker runs as in
// production (kicked by every enqueue, writing .eml files). Issue 23: the same run first measures the database floor
// (../shared/tools/booking-floor.sh, pgbench doing a booking's database work, 50 clients, 2,000 transactions), then
// the rush with 50 in flight (decisions/s, and their ratio to the floor), then a fresh rush with 200 in flight (p99).
// Issue 36: then an open loop on a fresh world, 300 bookings arriving evenly within one second whatever the answers
// (as when registration opens), each answer's latency counted from its arrival: their p99.
// Prints one JSON line per rush and a summary line; the final counts are checked exactly (0 overbooked, 0 double
// bookings, waiting lists contiguous, every 201 stored, every booking's mail sent once).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startApp } from '../../server/app';
import { queryRows } from '../../server/db/client';
import { inWorker } from './in-worker';
import { bookingFloor } from './booking-floor';
import { pct, rushChecks, rushFigures, seedRushWorld, type RushResult } from './rush-world';
import { benchCookie, withBenchWorld, type BenchWorld } from './kit';
import { withThrowawayPg } from './throwaway-pg';

const KITAS = Number(process.env.BENCH_KITAS ?? 500);
const PER_KITA = 4;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50);
const SEATS = Number(process.env.BENCH_SEATS ?? 20);
// the ratio's run (the floor's 50 clients) and the latency run
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '50,200').split(',').map(Number);
// BENCH_MAIL=off: the mail worker not started (the bench before issue 23), to see what the mails cost
const MAIL = process.env.BENCH_MAIL !== 'off';
// BENCH_WORLD=empty: no last season and no past mails (rush-world.ts): the plans of a fresh installation's first rush
const WORLD = process.env.BENCH_WORLD === 'empty' ? 'empty' : 'last season';
// the open loop: this many bookings arriving within OPEN_WITHIN_MS
const OPEN_COUNT = 300;
const OPEN_WITHIN_MS = 1000;

// statements sent to PostgreSQL by this process (every pool connection is a pg.Client): counted per booking, a figure
// that does not depend on how busy the machine is
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

/** busy CPU of the whole machine so far (all cores, /proc/stat, USER_HZ 100), in ms; null where there is no /proc */
function machineBusyMs(): number | null {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    return (user! + nice! + system! + irq! + softirq! + steal!) * 10;
  } catch {
    return null;
  }
}

async function run(w: BenchWorld, CONCURRENCY: number, withAdminList: boolean, openWithinMs?: number) {
  const db = w.db;
  const t0 = performance.now();
  const world = await seedRushWorld(db, { kitas: KITAS, perKita: PER_KITA, events: EVENTS, seats: SEATS }, { history: WORLD === 'last season' });
  const offeringIds = world.offeringIds;
  const requests = world.requests
    .slice(0, openWithinMs ? OPEN_COUNT : undefined)
    .map(({ token, ...r }) => ({ ...r, cookie: `kita_session=${token}` }));
  const seedMs = Math.round(performance.now() - t0);

  // BENCH_METRICS_OUT=<file>: the portal's /api/metrics after the rush (what an operator's Prometheus would read)
  const metricsToken = process.env.BENCH_METRICS_OUT ? 'bench-metrics-token-0123456789abcdef' : undefined;
  const config = w.config(metricsToken ? { METRICS_TOKEN: metricsToken } : {});
  const portal = await startApp({ config, db, host: '127.0.0.1', port: 0, mail: { start: MAIL } });
  // CPU of this process (the server and the load worker thread; not PostgreSQL) per request: a figure that depends less
  // on how busy the shared machine is than latency does
  const cpu = process.cpuUsage();
  const machineBefore = machineBusyMs();
  const statementsBefore = statements;
  const out = await inWorker<{ totalMs: number; results: RushResult[]; loadCpuMs: number | null }>('./rush-client.mjs', {
    base: portal.address,
    concurrency: CONCURRENCY,
    requests,
    withinMs: openWithinMs,
  });
  const used = process.cpuUsage(cpu);
  const machineMs = machineBefore === null ? null : machineBusyMs()! - machineBefore;
  const statementsInRush = statements - statementsBefore;

  // every booking's mail (the worker may still be at it): then counted as files and outbox rows
  const drainStart = performance.now();
  await portal.app.mail.worker.drain();
  const drainMs = Math.round(performance.now() - drainStart);
  const statementsPerRequest = Number(((statements - statementsBefore) / requests.length).toFixed(2));
  const mailDir = path.join(w.dataDir, 'mail');
  const mailFiles = existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')).length : 0;
  const [outbox] = await queryRows<{ sent: number; other: number }>(
    db,
    // the rush's mails: the world's past ones are days old
    `select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as other from mail_outbox
     where created_at > now() - interval '1 day'`,
  );

  const enrolmentList500 = withAdminList ? await adminList() : undefined;
  if (metricsToken) {
    const metrics = await fetch(`${portal.address}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    writeFileSync(`${process.env.BENCH_METRICS_OUT}.${CONCURRENCY}`, await metrics.text());
  }
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
    const adminCookie = await benchCookie(db, admin[0]!.id);
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

  const checks = await rushChecks(db, { kitas: KITAS, perKita: PER_KITA, events: EVENTS, seats: SEATS }, offeringIds, out.results);
  const { answers, ...figures } = rushFigures(out.results, out.totalMs, openWithinMs ? undefined : CONCURRENCY);
  const booked201 = out.results.filter((r) => r.status === 201).length;
  return {
    driver: 'pg',
    world: WORLD,
    kitas: KITAS,
    requests: requests.length,
    events: EVENTS,
    seatsPerEvent: SEATS,
    concurrency: openWithinMs ? `open loop: ${requests.length} arriving within ${openWithinMs} ms` : CONCURRENCY,
    seedMs,
    ...figures,
    processCpuMsPerRequest: Number(((used.user + used.system) / 1000 / requests.length).toFixed(2)),
    systemCpuMsPerRequest: Number((used.system / 1000 / requests.length).toFixed(2)),
    // of which the load thread (undici's fetch): the client's share, not the portal's
    loadCpuMsPerRequest: out.loadCpuMs === null ? null : Number((out.loadCpuMs / requests.length).toFixed(2)),
    // the whole machine's busy CPU per request during the rush, and what of it was not this process: PostgreSQL's
    // backends (and anything else running)
    machineCpuMsPerRequest: machineMs === null ? null : Number((machineMs / requests.length).toFixed(2)),
    databaseCpuMsPerRequest: machineMs === null ? null : Number(((machineMs - (used.user + used.system) / 1000) / requests.length).toFixed(2)),
    // statements to PostgreSQL per request: during the rush, and with the mails drained afterwards
    statementsPerRequestInRush: Number((statementsInRush / requests.length).toFixed(2)),
    statementsPerRequest,
    answers,
    ...(enrolmentList500 ? { enrolmentList500 } : {}),
    mail: MAIL ? { drainAfterRushMs: drainMs, files: mailFiles, outboxSent: outbox!.sent, outboxNotSent: outbox!.other } : 'off',
    checks: {
      ...checks,
      everyMailSentOnce: MAIL ? mailFiles === booked201 && outbox!.sent === booked201 && outbox!.other === 0 : 'mail off',
    },
  };
}

const floorRun = bookingFloor(50, 2000);
if (floorRun) console.log(JSON.stringify(floorRun));
const rushes: Record<number, Awaited<ReturnType<typeof run>>> = {};
for (const [i, c] of CONCURRENCIES.entries()) {
  const result = await withThrowawayPg((url) => withBenchWorld('rush', url, (w) => run(w, c, i === 0)));
  if (!result) break;
  rushes[c] = result;
  console.log(JSON.stringify(result));
}
const open = await withThrowawayPg((url) => withBenchWorld('rush', url, (w) => run(w, OPEN_COUNT, false, OPEN_WITHIN_MS)));
if (open) console.log(JSON.stringify(open));
const at50 = rushes[50];
const at200 = rushes[200];
if (at50 || at200) {
  const checks = [...Object.values(rushes), ...(open ? [open] : [])].map((r) => r.checks);
  console.log(
    JSON.stringify({
      summary: true,
      world: WORLD,
      floorTps: floorRun?.floorTps ?? null,
      decisionsPerSecondAt50: at50?.decisionsPerSecond ?? null,
      ratio: floorRun && at50 ? Number((at50.decisionsPerSecond / floorRun.floorTps).toFixed(3)) : null,
      cpuMsPerRequestAt50: at50?.processCpuMsPerRequest ?? null,
      // the same without the load thread's share: the portal's own CPU (server and mail worker)
      serverCpuMsPerRequestAt50:
        at50 && at50.loadCpuMsPerRequest !== null ? Number((at50.processCpuMsPerRequest - at50.loadCpuMsPerRequest).toFixed(2)) : null,
      statementsPerRequestAt50: at50?.statementsPerRequest ?? null,
      databaseCpuMsPerRequestAt50: at50?.databaseCpuMsPerRequest ?? null,
      p99At200: at200?.p99 ?? null,
      // the first 200, sent at once to a fresh server, and the 1,800 after them
      p99At200FirstWave: at200?.p99FirstWave ?? null,
      p99At200AfterFirstWave: at200?.p99AfterFirstWave ?? null,
      p99OpenLoop300In1s: open?.p99 ?? null,
      mail: MAIL ? 'on' : 'off',
      // how busy the machine was (1 minute; this run's own processes included)
      loadAverage: Number(loadavg()[0]!.toFixed(1)),
      correct: checks.every(
        (c) => c.overbooked === 0 && c.doubleBookings === 0 && c.waitlistGaps === 0 && c.answered201EqualsStored && c.everyMailSentOnce !== false,
      ),
    }),
  );
}
