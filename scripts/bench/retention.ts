// Issue 38, measured (never asserted): the retention job with 5,000 KiTas, 30,000 persons and 10 seasons (the
// facilities bench's seed plus the season report's data), on PostgreSQL (PGlite with BENCH_DRIVER=pglite). Before the
// run, a sixth of the persons are removed, every account looks three years idle and the audit log is aged, so the
// rules have work: the dry run (GET /api/admin/retention's service) five times, then one real run as of now + 4
// years (every rule, batches of 500 with SKIP LOCKED) and a second run that finds nothing. Prints one JSON line.
import { queryRows } from '../../server/db/client';
import { memoryFileStorage } from '../../server/testing/memory-file-storage';
import { previewRetention, runRetention } from '../../server/modules/retention/retention.service';
import { seedSeasonReportData } from '../../server/testing/season-report-seed';
import { seed } from './facilities-seed';
import { runBench, type BenchWorld } from './kit';

const FACILITIES = Number(process.env.BENCH_FACILITIES ?? 5000);
const year = 365 * 86_400_000;

async function benchDriver(w: BenchWorld) {
  const { driver, handle } = w;
  const t0 = performance.now();
  await seed(handle.db, { facilities: FACILITIES, persons: FACILITIES * 6, seasons: 10 });
  await seedSeasonReportData(handle.db, { imported: ['2017-18', '2018-19', '2019-20', '2020-21', '2021-22'], empty: [] });
  await queryRows(handle.db, `update persons set removed_at = now() - interval '2 years' where id % 6 = 0`);
  await queryRows(handle.db, `update audit_log set at = at - interval '4 years' where id % 2 = 0`);
  const seedMs = Math.round(performance.now() - t0);
  const [data] = await queryRows<Record<string, number>>(
    handle.db,
    `select (select count(*) from facilities)::int as facilities, (select count(*) from persons)::int as persons,
        (select count(*) from users)::int as accounts, (select count(*) from seasons)::int as seasons,
        (select count(*) from audit_log)::int as "auditEntries", (select count(*) from offering_enrolments)::int as bookings`,
  );
  const config = w.config();
  const deps = { db: handle.db, config, storage: memoryFileStorage(), log: () => undefined };
  const asOf = new Date(Date.now() + 4 * year);
  const preview: number[] = [];
  let counts: Record<string, number> = {};
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    counts = Object.fromEntries((await previewRetention(handle.db, config, asOf)).map((r) => [r.key, r.count]));
    preview.push(Math.round(performance.now() - t));
  }
  let t = performance.now();
  const first = await runRetention(deps, { trigger: 'manual', now: asOf });
  const runMs = Math.round(performance.now() - t);
  t = performance.now();
  await runRetention(deps, { trigger: 'manual', now: new Date(asOf.getTime() + 3_600_000) });
  const secondRunMs = Math.round(performance.now() - t);
  return {
    driver,
    seedMs,
    data,
    dueAsOfPlus4Years: counts,
    previewMs: preview,
    runMs,
    removed: Object.fromEntries((first?.rules ?? []).map((r) => [r.key, r.removed])),
    secondRunMs,
  };
}

await runBench('retention', benchDriver);
