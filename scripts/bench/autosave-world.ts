import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../server/db/client';
import { pct } from './rush-world';

/**
 * The documentation autosave's world (`npm run bench autosave`, `npm run bench scale`): a form in progress per KiTa and
 * season, every text question of the default template answered with a paragraph or three (~12 KB of JSON), and what
 * the load changes: one of `autosaveKeys` at a time, to `autosaveText` and a counter.
 */
export const autosaveKeys = ['ziele', 'umsetzung', 'erkenntnisse', 'beteiligung_kinder', 'reflexion'];
export const autosaveText =
  'Die Kinder haben im Frühjahr Weizen gesät, das Wachsen beobachtet und im Sommer mit dem Bäcker aus dem Ort Brot gebacken. ' +
  'In der Kinderkonferenz haben sie entschieden, welche Körner wir ausprobieren; die Eltern haben beim Backfest geholfen.';

/** a form half filled in for every KiTa (or the first `limit` by id) and season */
export async function seedFormsInProgress(db: Db, limit?: number) {
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
    answers[k] = `${autosaveText} ${autosaveText} ${autosaveText}`;
  const versions = Object.fromEntries(Object.keys(answers).map((k) => [k, 1]));
  await db.execute(sql`insert into documentation_forms (facility_id, season_id, answers, answer_versions, version, saved_at)
    select f.id, s.id, ${JSON.stringify(answers)}::jsonb, ${JSON.stringify(versions)}::jsonb, 1, now()
    from (select id from facilities order by id limit ${limit ?? null}) f, seasons s`);
  await db.execute(sql.raw('analyze'));
}

export type AutosaveRun = {
  totalMs: number;
  results: { status: number; ms: number; conflicts: number; at: number; upstream: string | null }[];
  lastSaved: Record<string, Record<string, string>>;
};

/** the run's latencies (also per 5 s: a slow start shows apart from the steady state) and whether an update got lost */
export async function autosaveFigures(db: Db, out: AutosaveRun, seconds: number) {
  // no update lost: every KiTa's last confirmed value per key is what the database holds
  const rows = await queryRows<{ facility_id: number; answers: Record<string, unknown> }>(db, 'select facility_id, answers from documentation_forms');
  const stored = new Map(rows.map((r) => [r.facility_id, r.answers]));
  let checked = 0;
  let lost = 0;
  for (const [facilityId, last] of Object.entries(out.lastSaved))
    for (const [key, value] of Object.entries(last)) {
      checked++;
      if (stored.get(Number(facilityId))?.[key] !== value) lost++;
    }
  const latencies = out.results.map((r) => r.ms).sort((a, b) => a - b);
  // null for a run of 5 s or less (BENCH_SECONDS), which has no samples after its warm-up
  const p99Of = (ms: number[]) =>
    ms.length === 0
      ? null
      : Number(
          pct(
            [...ms].sort((a, b) => a - b),
            99,
          ).toFixed(1),
        );
  const windows: number[] = [];
  for (let w = 0; w * 5000 < seconds * 1000; w++) {
    const inWindow = out.results
      .filter((r) => r.at >= w * 5000 && r.at < (w + 1) * 5000)
      .map((r) => r.ms)
      .sort((a, b) => a - b);
    if (inWindow.length > 0) windows.push(Number(pct(inWindow, 99).toFixed(1)));
  }
  const byStatus: Record<string, number> = {};
  for (const r of out.results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  return {
    saves: out.results.length,
    savesPerSecond: Math.round((out.results.length / out.totalMs) * 1000),
    p50: Number(pct(latencies, 50).toFixed(1)),
    p95: Number(pct(latencies, 95).toFixed(1)),
    p99: Number(pct(latencies, 99).toFixed(1)),
    max: Number(latencies[latencies.length - 1]!.toFixed(1)),
    p99Per5s: windows,
    // the first 5 s open the pool's connections and warm the JIT; a running portal is past that
    p99After5s: p99Of(out.results.filter((r) => r.at >= 5000).map((r) => r.ms)),
    answers: byStatus,
    conflicts: out.results.reduce((a, r) => a + r.conflicts, 0),
    checks: { lastValuesChecked: checked, lost },
  };
}
