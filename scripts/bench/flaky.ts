// `npm run bench flaky [spec …]`: the e2e suite (or the given specs) N times in a row, without retries, and per test
// how many of the runs it failed (issue 20: the suite passes five times in a row without a retry). Each run is a plain
// `playwright test` on a fresh data dir, as `npm test` runs it (its webServer seeds the demo data and starts the
// portal). Not one data dir for all runs: the suite is written for a fresh portal, and on the third run over the same
// data the KiTas and accounts the earlier runs created pushed demo KiTas off the list’s first page and the e-mail
// change requests past their limit (429). With DATABASE_URL each run gets a throwaway PostgreSQL database of its own.
//   FLAKY_RUNS=5 (or --runs=5), E2E_PORT / E2E_DATA_DIR as for the suite, --workers=N passed on to Playwright.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';
import { withThrowawayPg } from './throwaway-pg';

const args = process.argv.slice(2);
const runsArg = args.find((a) => a.startsWith('--runs='));
const runs = Number(runsArg?.slice('--runs='.length) ?? process.env.FLAKY_RUNS ?? 5);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs / FLAKY_RUNS must be a whole number ≥ 1, not ${runs}`);
const passOn = args.filter((a) => a !== runsArg);
const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e';

/** per test (file › title): how often it ran and failed; per run: passed, failed, seconds */
const tests = new Map<string, { runs: number; failed: number }>();
const perRun: { run: number; passed: number; failed: number; seconds: number; note?: string }[] = [];

function collect(suites: JSONReportSuite[] | undefined, path: string[] = []) {
  for (const suite of suites ?? []) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        if (t.status === 'skipped') continue;
        const name = [...here, spec.title].join(' › ');
        const seen = tests.get(name) ?? { runs: 0, failed: 0 };
        seen.runs += 1;
        if (t.status !== 'expected') seen.failed += 1;
        tests.set(name, seen);
      }
    collect(suite.suites, here);
  }
}

/**
 * The previous run's portal (Playwright's webServer) may still be stopping when the next run starts: its PGlite lock
 * (DATA_DIR/portal.lock, server/db/lock.ts) would make the next seed fail at once. Waits up to 60 s for it to go.
 */
function waitForPortalToStop() {
  const lock = `${dataDir}/portal.lock`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const pid = existsSync(lock) ? Number(readFileSync(lock, 'utf8').trim()) : NaN;
    if (!Number.isInteger(pid) || pid <= 0) return;
    try {
      process.kill(pid, 0);
    } catch {
      return; // gone: its stale lock is taken over by the next start
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
  }
  console.log(`the portal of the previous run still holds ${lock} after 60 s`);
}

/** one plain `playwright test` of the given specs, its JSON report written to `out` */
function playwrightRun(out: string, env: Record<string, string> = {}) {
  const started = Date.now();
  const r = spawnSync('node_modules/.bin/playwright', ['test', ...passOn, '--retries=0', '--reporter=dot,json'], {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: out, ...env },
  });
  return { exit: r.status ?? r.signal, seconds: (Date.now() - started) / 1000 };
}

// With DATABASE_URL (PostgreSQL) each run gets an empty database of its own beside the given one, dropped after the
// run, as the PGlite runs get a fresh data dir: the suite is written for a fresh portal.
const baseUrl = process.env.DATABASE_URL;

mkdirSync('test-results', { recursive: true });
for (let run = 1; run <= runs; run += 1) {
  waitForPortalToStop();
  rmSync(dataDir, { recursive: true, force: true });
  const out = `test-results/flaky-${run}.json`;
  rmSync(out, { force: true });
  console.log(`\n▶ run ${run} of ${runs}: playwright test ${passOn.join(' ')} --retries=0`);
  const ran = baseUrl ? await withThrowawayPg((url) => Promise.resolve(playwrightRun(out, { DATABASE_URL: url })), baseUrl) : playwrightRun(out);
  if (!ran) {
    perRun.push({ run, passed: 0, failed: NaN, seconds: 0, note: 'PostgreSQL not reachable' });
    continue;
  }
  const { exit, seconds } = ran;
  if (!existsSync(out)) {
    perRun.push({ run, passed: 0, failed: NaN, seconds, note: `no report (exit ${exit})` });
    continue;
  }
  const report = JSON.parse(readFileSync(out, 'utf8')) as JSONReport;
  collect(report.suites);
  // a run whose portal did not start ran no test: it is not a run that passed
  if (report.stats.expected + report.stats.unexpected + report.stats.flaky === 0) {
    perRun.push({ run, passed: 0, failed: NaN, seconds, note: `no test ran (exit ${exit})` });
    continue;
  }
  perRun.push({ run, passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky, seconds });
}

console.log(`\n## ${runs} run(s) in a row without retries`);
for (const r of perRun)
  console.log(
    `run ${r.run}: ${r.passed} passed, ${Number.isNaN(r.failed) ? '?' : r.failed} failed, ${r.seconds.toFixed(0)} s${r.note ? ` — ${r.note}` : ''}`,
  );
const failing = [...tests].filter(([, t]) => t.failed > 0).sort((a, b) => b[1].failed - a[1].failed || a[0].localeCompare(b[0]));
console.log(`\n${tests.size} tests, ${failing.length} failed at least once${failing.length ? ':' : ''}`);
for (const [name, t] of failing) console.log(`${String(t.failed).padStart(3)} of ${t.runs} failed  ${name}`);
const clean = perRun.filter((r) => r.failed === 0).length;
console.log(`\n${clean} of ${runs} runs passed without a failure`);
process.exitCode = failing.length || perRun.some((r) => Number.isNaN(r.failed)) ? 1 : 0;
