// Issue 25 benchmark (never asserted in tests): the booking rush (`bench rush`) and the documentation autosave
// (`bench autosave`) through Debian's nginx, once against one instance of the compiled server and once against two,
// on one PostgreSQL (a throwaway database). Both instances run as production runs them (NODE_ENV=production, log lines
// at info, the mail worker sending to an SMTP stand-in), nginx with the shipped proxy block and `worker_processes
// auto`. The load runs in worker threads of this process. Prints one JSON line per instance count and a table side by
// side. BENCH_CONCURRENCY (rush, default 200), BENCH_SECONDS (autosave, default 30), BENCH_INSTANCES ("1,2").
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../server/db/client';
import { buildServer, startBuiltServer, type BuiltServer } from '../../server/testing/built-server';
import { nginxBinary, startNginx } from '../../server/testing/nginx';
import { startSmtp } from '../../server/testing/smtp';
import { inWorker } from './in-worker';
import { autosaveFigures, autosaveKeys, autosaveText, seedFormsInProgress, type AutosaveRun } from './autosave-world';
import { rushChecks, rushFigures, seedRushWorld, type RushRequest, type RushResult, type RushShape } from './rush-world';
import { withBenchWorld, type BenchWorld } from './kit';
import { withThrowawayPg } from './throwaway-pg';

const SHAPE: RushShape = { kitas: 500, perKita: 4, events: 50, seats: 20 };
const AUTOSAVE_KITAS = 300;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const INTERVAL_MS = 2000;
const COUNTS = (process.env.BENCH_INSTANCES ?? '1,2').split(',').map(Number);
const cookieName = '__Host-kita_session';

/** CPU time (user + system, ms) the processes have used so far, from /proc */
function cpuMs(pids: number[]): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  return pids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return sum + (Number(fields[11]) + Number(fields[12])) * tick;
  }, 0);
}

const share = (upstreams: (string | null)[]) => {
  const counts: Record<string, number> = {};
  for (const u of upstreams) counts[u ?? '?'] = (counts[u ?? '?'] ?? 0) + 1;
  return Object.values(counts).sort((a, b) => b - a);
};

async function measure(
  db: Db,
  outDir: string,
  count: number,
  world: { requests: RushRequest[]; offeringIds: number[] },
  env: Record<string, string>,
) {
  // every run starts from the same bookings: none
  await db.execute(sql.raw(`delete from offering_enrolments where offering_id in (${world.offeringIds.join(',')})`));
  await db.execute(sql`delete from mail_outbox`);
  const instances: BuiltServer[] = await Promise.all(Array.from({ length: count }, () => startBuiltServer(outDir, env)));
  const nginx = await startNginx(
    instances.map((s) => s.url),
    { workers: 'auto' },
  );
  try {
    const pids = instances.map((s) => s.child.pid!);
    const cookie = `${cookieName}=${world.requests[0]!.token}`;
    // warm-up: each process's JIT and pool, so one instance is not favoured for warming up once instead of twice
    for (let i = 0; i < 200; i++) await (await fetch(`${nginx.url}/api/loginstatus`, { headers: { cookie } })).arrayBuffer();

    const loadBefore = os.loadavg()[0]!;
    let cpu = cpuMs(pids);
    const requests = world.requests.map(({ token, ...r }) => ({ ...r, cookie: `${cookieName}=${token}` }));
    const rush = await inWorker<{ totalMs: number; results: RushResult[] }>('./rush-client.mjs', {
      base: nginx.url,
      concurrency: CONCURRENCY,
      requests,
    });
    const rushCpu = cpuMs(pids) - cpu;
    const rushChecked = await rushChecks(db, SHAPE, world.offeringIds, rush.results);
    // the rush's confirmation mails go out (the mail workers share the outbox) before the autosave load starts
    const mailStart = performance.now();
    for (;;) {
      const [open] = await queryRows<{ n: number }>(db, `select count(*)::int as n from mail_outbox where status in ('pending', 'sending')`);
      if (open!.n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const mailMs = performance.now() - mailStart;
    const [mails] = await queryRows<{ n: number }>(db, `select count(*)::int as n from mail_outbox where status = 'sent'`);

    // the autosave: the first 300 KiTas, a changed answer every 2 s each
    const tokenOf = new Map(world.requests.map((r) => [r.facilityId, r.token]));
    const kitas = [...tokenOf.keys()]
      .sort((a, b) => a - b)
      .slice(0, AUTOSAVE_KITAS)
      .map((facilityId) => ({ facilityId, cookie: `${cookieName}=${tokenOf.get(facilityId)}`, version: 0 }));
    cpu = cpuMs(pids);
    const autosave = await inWorker<AutosaveRun>('./autosave-client.mjs', {
      base: nginx.url,
      kitas,
      seconds: SECONDS,
      intervalMs: INTERVAL_MS,
      keys: autosaveKeys,
      text: autosaveText,
    });
    const autosaveCpu = cpuMs(pids) - cpu;
    const saved = await autosaveFigures(db, autosave, SECONDS);
    return {
      instances: count,
      loadAverageBefore: Number(loadBefore.toFixed(1)),
      loadAverageAfter: Number(os.loadavg()[0]!.toFixed(1)),
      rush: {
        ...rushFigures(rush.results, rush.totalMs),
        requestsPerInstance: share(rush.results.map((r) => r.upstream)),
        serverCpuMsPerRequest: Number((rushCpu / requests.length).toFixed(2)),
        checks: rushChecked,
        mailsSent: mails!.n,
        // from the rush's end until the outbox was empty
        mailSecondsAfterRush: Number((mailMs / 1000).toFixed(1)),
      },
      autosave: {
        ...saved,
        savesPerInstance: share(autosave.results.map((r) => r.upstream)),
        serverCpuMsPerSave: Number((autosaveCpu / autosave.results.length).toFixed(2)),
      },
    };
  } finally {
    await nginx.stop();
    for (const s of instances) s.child.kill('SIGTERM');
    const exits = await Promise.all(instances.map((s) => s.exited));
    if (exits.some((c) => c !== 0)) console.error(`an instance exited with ${exits.join(', ')}`);
  }
}

async function run({ handle, dataDir, databaseUrl }: BenchWorld) {
  const outDir = buildServer('bench-scale');
  const smtp = await startSmtp();
  try {
    const world = await seedRushWorld(handle.db, SHAPE);
    await handle.db.execute(sql`update seasons set allow_documentation = true`);
    await seedFormsInProgress(handle.db, AUTOSAVE_KITAS);
    const env = {
      // PostgreSQL only (withThrowawayPg below)
      DATABASE_URL: databaseUrl!,
      DATA_DIR: dataDir,
      // pooled SMTP connections (an option of nodemailer's URL): the stand-in greets each new connection after 100 ms
      SMTP_URL: `${smtp.url}/?pool=true`,
      TRUST_PROXY: '1',
      ADMIN_TOTP: 'optional',
    };
    const results = [];
    for (const count of COUNTS) {
      const r = await measure(handle.db, outDir, count, world, env);
      console.log(JSON.stringify(r));
      results.push(r);
    }
    return results;
  } finally {
    await smtp.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (!nginxBinary) console.error('nginx is not installed (apt-get install nginx); skipping');
else {
  // PostgreSQL only: the instances share one database server
  const results = await withThrowawayPg((url) => withBenchWorld('scale', url, run));
  if (results) {
    const row = (label: string, f: (r: NonNullable<typeof results>[number]) => string | number) =>
      console.log(`| ${label} | ${results.map((r) => f(r)).join(' | ')} |`);
    console.log(`\n| through nginx | ${results.map((r) => `${r.instances} instance${r.instances > 1 ? 's' : ''}`).join(' | ')} |`);
    console.log(`|---|${results.map(() => '---').join('|')}|`);
    row(`rush: decisions/s (${SHAPE.kitas * SHAPE.perKita} requests, ${CONCURRENCY} in flight)`, (r) => r.rush.decisionsPerSecond);
    row('rush: p50 / p99 ms', (r) => `${r.rush.p50} / ${r.rush.p99}`);
    row('rush: server CPU ms per request', (r) => r.rush.serverCpuMsPerRequest);
    row(
      'rush: overbooked, double, waiting-list gaps',
      (r) => `${r.rush.checks.overbooked}, ${r.rush.checks.doubleBookings}, ${r.rush.checks.waitlistGaps}`,
    );
    row(`autosave: saves/s (${AUTOSAVE_KITAS} KiTas, every ${INTERVAL_MS / 1000} s, ${SECONDS} s)`, (r) => r.autosave.savesPerSecond);
    row('autosave: p50 / p99 / p99 after 5 s ms', (r) => `${r.autosave.p50} / ${r.autosave.p99} / ${r.autosave.p99After5s}`);
    row('autosave: server CPU ms per save', (r) => r.autosave.serverCpuMsPerSave);
    row('autosave: lost', (r) => r.autosave.checks.lost);
    row('load average before / after', (r) => `${r.loadAverageBefore} / ${r.loadAverageAfter}`);
  }
}
