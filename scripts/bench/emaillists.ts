// Issue 21 targets, measured (never asserted in tests), on PostgreSQL: 5,000 KiTas (enrolled to 2026-27, regions,
// kinds and operator kinds spread), 30,000 staff entries (six per KiTa, Funktion spread, every 50th without an
// address), one member account per KiTa (four in five with newsletter consent), documentation forms of 2026-27 in
// every state, approved forms of 2025-26 for a third, a training with bookings for half of the KiTas.
// - the live count: POST /api/admin/email-lists/preview (count, left-out per rule, first page of 50) with four
//   criteria, sequential requests over HTTP after a warm-up: p50/p95/p99, target p95 <= 100 ms;
// - the CSV (Excel) of 30,000 addresses (every staff entry with an address of the 2026-27 KiTas): time, target
//   <= 2 s, and RSS growth of this process (server and client) while it streams: memory must stay flat.
// BENCH_KITAS, BENCH_PERSONS_PER_KITA and BENCH_REQUESTS change the load; BENCH_PG_URL the server (throwaway database).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startApp } from '../../server/app';
import { type Db } from '../../server/db/client';
import { emailListCriteriaSchema } from '../../src/shared/contracts/email-lists';
import { seedEnrolledKitas } from './enrolled-kitas';
import { benchAdminCookie, mb, rssSampler, runBench, withBenchWorld, type BenchWorld } from './kit';

const KITAS = Number(process.env.BENCH_KITAS ?? 5000);
const PER_KITA = Number(process.env.BENCH_PERSONS_PER_KITA ?? 6);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

async function seed(db: Db) {
  await seedEnrolledKitas(db, KITAS, 'Kita', 'bench.example');
  await db.execute(
    sql.raw(`update facilities set
      region = (array['Oberbayern','Niederbayern','Oberpfalz','Oberfranken','Mittelfranken','Unterfranken','Schwaben'])[1 + id % 7],
      kind = (array['Krippe','Kindergarten','Hort','Großtagespflege','Haus für Kinder'])[1 + id % 5],
      operator_kind = (array['kommunal','kirchlich','frei gemeinnützig','privat','sonstige'])[1 + id % 5],
      email = 'kita' || id || '@bench.example'`),
  );
  await db.execute(sql.raw(`update users set newsletter = (id % 5 <> 0) where email like 'member%'`));
  await db.execute(
    sql.raw(`insert into persons (facility_id, first_name, last_name, email, position)
      select f.id, 'Vorname' || n, 'Nachname' || f.id, case when (f.id * ${PER_KITA} + n) % 50 = 0 then '' else 'p' || f.id || '-' || n || '@bench.example' end,
             (array['Leitung','stellv. Leitung','pädagogische Fachkraft','Ergänzungskraft','Sonstige','pädagogische Fachkraft'])[1 + n % 6]
        from facilities f, generate_series(1, ${PER_KITA}) n`),
  );
  await db.execute(sql.raw(`insert into seasons (identifier, label) values ('2025-26', 'KiTa-Jahr 2025/26')`));
  await db.execute(
    sql.raw(`insert into documentation_forms (facility_id, season_id, state)
      select f.id, s.id, (array['draft','submitted','returned','approved','rejected'])[1 + f.id % 5] from facilities f, seasons s where s.identifier = '2026-27'`),
  );
  await db.execute(
    sql.raw(`insert into documentation_forms (facility_id, season_id, state)
      select f.id, s.id, 'approved' from facilities f, seasons s where s.identifier = '2025-26' and f.id % 3 = 0`),
  );
  await db.execute(sql.raw(`insert into training_modules (season_id, title) select id, 'Einsteiger' from seasons where identifier = '2026-27'`));
  await db.execute(
    sql.raw(`insert into offerings (kind, season_id, module_id, title, starts_at, ends_at, region, capacity, state)
      select 'training', m.season_id, m.id, 'Einsteiger ' || r, now() + interval '30 days', now() + interval '30 days 6 hours', 'Mittelfranken', 5000, 'published'
        from training_modules m, generate_series(1, 5) r`),
  );
  await db.execute(
    sql.raw(`insert into offering_enrolments (offering_id, facility_id, person_id, state)
      select (select min(id) from offerings) + p.facility_id % 5, p.facility_id, p.id, case when p.facility_id % 4 = 0 then 'attended' else 'confirmed' end
        from persons p where p.facility_id % 2 = 0 and p.position = 'Leitung'`),
  );
  await db.execute(sql.raw('analyze'));
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function timeRequests(url: string, cookie: string, body: unknown, n: number) {
  const post = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await res.json()) as { count: number; excluded: unknown[] };
    return { ms: performance.now() - t0, status: res.status, count: json.count, excluded: json.excluded };
  };
  for (let i = 0; i < 20; i++) await post();
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof post>> | undefined;
  for (let i = 0; i < n; i++) {
    last = await post();
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  const r = (v: number) => Number(v.toFixed(1));
  return {
    status: last?.status,
    count: last?.count,
    excluded: last?.excluded,
    requests: n,
    p50: r(quantile(times, 0.5)),
    p95: r(quantile(times, 0.95)),
    p99: r(quantile(times, 0.99)),
  };
}

async function download(url: string, cookie: string, body: unknown) {
  const rss = rssSampler();
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 0x0a) lines++;
  }
  const ms = Math.round(performance.now() - t0);
  const peak = rss.stop();
  return {
    status: res.status,
    ms,
    bytes,
    ...(url.endsWith('.csv') ? { addresses: lines - 1 } : {}),
    rssBeforeMB: mb(rss.before),
    peakRssMB: mb(peak),
    growthMB: mb(peak - rss.before),
  };
}

async function run(w: BenchWorld) {
  const db = w.db;
  const t0 = performance.now();
  await seed(db);
  const cookie = await benchAdminCookie(db);
  console.log(
    JSON.stringify({
      setup: { kitas: KITAS, persons: KITAS * PER_KITA, seedMs: Math.round(performance.now() - t0), gc: typeof global.gc === 'function' },
    }),
  );

  if (process.env.BENCH_EXPLAIN) {
    const { addressPage, countAddresses, resolveSeason } = await import('../../server/modules/email-lists/email-lists.queries');
    const q = { criteria: emailListCriteriaSchema.parse({ enrolment: ['enrolled'], contactKinds: ['staff'] }), purpose: 'information' as const };
    const season = await resolveSeason(db, null);
    for (let i = 0; i < 3; i++) {
      let t = performance.now();
      await addressPage(db, q, season, { limit: 10_000 });
      const page = performance.now() - t;
      t = performance.now();
      await countAddresses(db, q, season);
      console.log(JSON.stringify({ pageMs: Math.round(page), countMs: Math.round(performance.now() - t) }));
    }
  }
  const config = w.config();
  const portal = await startApp({ config, db, host: '127.0.0.1', port: 0, mail: { start: false } });
  const base = `${portal.address}/api/admin/email-lists`;
  const line = (what: string, r: Record<string, unknown>) => console.log(JSON.stringify({ measure: what, ...r }));

  const fourCriteria = {
    regions: ['Oberbayern', 'Mittelfranken', 'Schwaben'],
    enrolment: ['enrolled'],
    positions: ['Leitung', 'stellv. Leitung'],
    documentationStates: ['submitted', 'approved'],
  };
  line(
    'preview, 4 KiTa/person criteria, information',
    await timeRequests(`${base}/preview`, cookie, { criteria: fourCriteria, purpose: 'information' }, REQUESTS),
  );
  line(
    'preview, 4 criteria incl. programme and earlier award, newsletter',
    await timeRequests(
      `${base}/preview`,
      cookie,
      {
        criteria: {
          regions: ['Oberbayern', 'Schwaben'],
          participation: ['trainingBooked'],
          awardedEarlier: ['no'],
          contactKinds: ['staff', 'account'],
        },
        purpose: 'newsletter',
      },
      REQUESTS,
    ),
  );
  line(
    'preview, no criteria (every contact), information',
    await timeRequests(`${base}/preview`, cookie, { criteria: {}, purpose: 'information' }, Math.min(REQUESTS, 50)),
  );
  const all = { criteria: { enrolment: ['enrolled'], contactKinds: ['staff'] }, purpose: 'information' };
  line('export.csv (cold)', await download(`${base}/export.csv`, cookie, all));
  line('export.csv', await download(`${base}/export.csv`, cookie, all));
  line('export.xlsx', await download(`${base}/export.xlsx`, cookie, all));
  await portal.app.close();
}

// BENCH_KEEP_DB: seed a database of one's own and keep it (to EXPLAIN the queries by hand)
if (process.env.BENCH_KEEP_DB) await withBenchWorld('emaillists', process.env.BENCH_KEEP_DB, run);
else await runBench('emaillists', run);
