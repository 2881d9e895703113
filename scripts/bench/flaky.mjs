// `npm run bench flaky [spec …]`: the e2e suite (or the given specs) N times in a row, without retries, and per test
// how many of the runs it failed (issue 20: the suite passes five times in a row without a retry). Each run is a plain
// `playwright test` (its webServer seeds the demo data and starts the portal), so the runs share one data dir the way
// CI's single run shares it between workers.
//   FLAKY_RUNS=5 (or --runs=5), E2E_PORT / E2E_DATA_DIR as for the suite, --workers=N passed on to Playwright.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const args = process.argv.slice(2);
const runsArg = args.find((a) => a.startsWith('--runs='));
const runs = Number(runsArg?.slice('--runs='.length) ?? process.env.FLAKY_RUNS ?? 5);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs / FLAKY_RUNS must be a whole number ≥ 1, not ${runs}`);
const passOn = args.filter((a) => a !== runsArg);

/** per test (file › title): how often it ran and failed; per run: passed, failed, seconds */
const tests = new Map();
const perRun = [];

function collect(suites, path = []) {
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

mkdirSync('test-results', { recursive: true });
for (let run = 1; run <= runs; run += 1) {
  const out = `test-results/flaky-${run}.json`;
  rmSync(out, { force: true });
  console.log(`\n▶ run ${run} of ${runs}: playwright test ${passOn.join(' ')} --retries=0`);
  const started = Date.now();
  const r = spawnSync('node_modules/.bin/playwright', ['test', ...passOn, '--retries=0', '--reporter=dot,json'], {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: out },
  });
  const seconds = (Date.now() - started) / 1000;
  if (!existsSync(out)) {
    perRun.push({ run, passed: 0, failed: NaN, seconds, note: `no report (exit ${r.status ?? r.signal})` });
    continue;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  collect(report.suites);
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
