#!/usr/bin/env node
// The one test command (README, .ci/run): types, lint, unit/API/component tests, then the e2e suite against the
// portal started the README's way. It ends with a plain "N passed, N failed" line summing vitest and Playwright.
// Ctrl-C (SIGINT) or SIGTERM stops the running steps with all their processes and waits for them (scripts/step-runner.mjs).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { stepRunner } from './step-runner.mjs';

const bin = (name) => `node_modules/.bin/${name}`;
const steps = stepRunner();
const results = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];
const failedTests = [];

/** the titles of failed and flaky Playwright tests, from its JSON report's nested suites */
function collectPlaywrightFailures(suites, path = []) {
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected' || t.status === 'flaky') {
          // the first failed attempt's error and where it stopped: a flaky test's first try is in no other printed line
          // (a timeout has two: the test's, and the step that was waiting, with its line)
          const failed = (t.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
          const errors = (failed?.errors?.length ? failed.errors : [failed?.error]).slice(0, 2);
          const said = errors.map((e) => {
            const at = e?.location ? `${relative(process.cwd(), e.location.file)}:${e.location.line}: ` : '';
            return `\n      ${at}${firstLines(e?.message, 3)}`;
          });
          failedTests.push(`e2e${t.status === 'flaky' ? ' (passed only on retry)' : ''}: ${[...here, spec.title].join(' › ')}${said.join('')}`);
        }
    collectPlaywrightFailures(suite.suites ?? [], here);
  }
}

/**
 * The first `count` lines of a message on one line, without colours, shortened: the summary at the end stays a line or
 * two per failure (Playwright's message names the locator and what was expected on its next lines)
 */
const firstLines = (message, count) =>
  stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, count)
    .join(' · ')
    .slice(0, 400) || '(no message)';

/** one step; `capture`: its output is printed when it has ended, above its ◀ line (steps that run side by side) */
async function run(label, cmd, args, env = {}, { capture = false } = {}) {
  if (steps.stoppedBy()) return false;
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = await steps.exec(cmd, args, env, { capture });
  if (capture && r.output) process.stdout.write(`── ${label}:\n${r.output}${r.output.endsWith('\n') ? '' : '\n'}`);
  console.log(`◀ ${label}: ${r.status === 0 ? 'ok' : `failed (exit ${r.status ?? r.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failedSteps.push(label);
  return r.status === 0;
}

/**
 * The static checks, each a single-threaded process that reads no database: run side by side, one per CPU, the
 * longest first (on the project's two-core machine 188 s one after another, 127 s so). A check's commands run in
 * order, each only if the one before passed; each prints its output whole when it has ended.
 */
async function runSideBySide(checks) {
  const queue = checks.filter((c) => want(c.step));
  const lanes = Math.max(1, Math.min(availableParallelism(), queue.length));
  const capture = lanes > 1;
  const runCheck = async (check) => {
    for (const [label, cmd, args] of check.commands) if (!(await run(label, cmd, args, {}, { capture }))) return;
  };
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let check = queue.shift(); check; check = queue.shift()) await runCheck(check);
    }),
  );
}

// The e2e suite drives Debian's Chromium and reads the admin exports back with LibreOffice (headless).
async function ensureE2eTools() {
  const has = { chromium: existsSync('/usr/bin/chromium'), 'libreoffice-calc-nogui': existsSync('/usr/bin/libreoffice') };
  const missing = Object.keys(has).filter((p) => !has[p]);
  if (missing.length === 0) return true;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing ${missing.join(', ')} with apt-get …`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await steps.exec('apt-get', ['update', '-qq'], env);
    await steps.exec('apt-get', ['install', '-y', '-qq', ...missing], env);
  }
  if (existsSync('/usr/bin/chromium') && existsSync('/usr/bin/libreoffice')) return true;
  const named = { chromium: 'Chromium (the browser it drives)', 'libreoffice-calc-nogui': 'LibreOffice (reads the exports back)' };
  console.error(`The e2e suite needs Debian's ${missing.map((p) => named[p]).join(' and ')}: apt-get install ${missing.join(' ')}`);
  return false;
}

mkdirSync('test-results', { recursive: true });
// `--database-only` (.ci/run's second pass, on PostgreSQL): the steps whose outcome depends on the database, i.e. the
// server tests and the e2e suite; types, lint, the other static checks and the client tests touch no database and
// ran in the first pass
const databaseOnly = process.argv.includes('--database-only');
const only = databaseOnly ? ['unit', 'e2e'] : process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);

// the static checks, longest first: runSideBySide starts the next one as soon as a lane is free
await runSideBySide([
  { step: 'types', commands: [['types', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']]] },
  { step: 'lint', commands: [['lint', bin('eslint'), ['.', '--max-warnings=0']]] },
  // one formatting (.prettierrc.json; docs/decisions/0024-formatter.md): `npm run format` fixes what this finds
  { step: 'format', commands: [['format', bin('prettier'), ['--check', '--log-level=warn', '.']]] },
  // the OpenAPI document: Redocly's recommended rules, and a client generated from it type-checks (scripts/openapi.mjs)
  { step: 'openapi', commands: [['openapi', 'node', ['scripts/openapi.mjs']]] },
  // unused files, exports and dependencies (knip.json)
  { step: 'deadcode', commands: [['deadcode', bin('knip'), []]] },
  // module boundaries (.dependency-cruiser.cjs, scripts/check-module-sql.mjs; docs/decisions/0009-module-boundaries.md)
  { step: 'deps', commands: [['deps', 'npm', ['run', '--silent', 'lint:deps']]] },
  // the operator's files, without a Docker engine: Dockerfile (dockerfile-utils) and compose.yaml; nginx -t on deploy/nginx.conf
  {
    step: 'deploy',
    commands: [
      ['deploy', 'node', ['scripts/check-deploy.mjs']],
      ['deploy (nginx)', 'node', ['scripts/check-nginx.mjs']],
    ],
  },
  // the README stays short and the docs carry no run diaries or links into ../shared (scripts/check-docs.mjs)
  { step: 'docs', commands: [['docs', 'node', ['scripts/check-docs.mjs']]] },
]);

if (want('unit')) {
  const out = 'test-results/vitest.json';
  rmSync(out, { force: true });
  const projects = databaseOnly ? ['--project', 'server', '--project', 'server-isolated'] : [];
  // --database-only: the server tests whose outcome depends on the database (vitest.config.ts, databaseFreeServerTests)
  const unitOk = await run('unit', bin('vitest'), ['run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    ...(databaseOnly ? { TEST_DATABASE_ONLY: '1' } : {}),
  });
  if (existsSync(out)) {
    const v = JSON.parse(readFileSync(out, 'utf8'));
    results.passed += v.numPassedTests;
    results.failed += v.numFailedTests;
    results.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
    // named again at the end, where CI's shortened log still shows them
    const before = failedTests.length;
    for (const file of v.testResults ?? []) {
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed') failedTests.push(`unit: ${relative(process.cwd(), file.name)} › ${t.fullName}`);
      // a file can fail with every test passed: a hook (beforeAll/afterAll) that threw or timed out
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
        failedTests.push(`unit: ${relative(process.cwd(), file.name)} (the file failed outside its tests): ${firstLines(file.message, 1)}`);
    }
    // vitest also fails a run for an error no test owns (an unhandled rejection after a test ended): say where to look
    if (!unitOk && failedTests.length === before)
      failedTests.push('unit: vitest failed with every test passed: an unhandled error outside the tests (see "Unhandled" in the log above)');
  }
}

if (want('e2e')) {
  const out = 'test-results/playwright.json';
  rmSync(out, { force: true });
  if (await ensureE2eTools()) {
    // a fresh embedded database per run; the webServer seeds the demo data into it
    rmSync('data/e2e', { recursive: true, force: true });
    // --database-only: one spec per writing capability (playwright.config.ts: clientOnlySpecs, serverCoveredSpecs)
    await run('e2e', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out, ...(databaseOnly ? { E2E_DATABASE_ONLY: '1' } : {}) });
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, 'utf8')).stats;
      // a test that passes only on its retry is a failure (the developers' guide): counted and named as one
      results.passed += s.expected;
      results.failed += s.unexpected + s.flaky;
      results.skipped += s.skipped;
      collectPlaywrightFailures(JSON.parse(readFileSync(out, 'utf8')).suites ?? []);
      if (s.flaky) failedSteps.push('e2e (flaky)');
    }
  } else failedSteps.push('e2e (tools missing)');
}

if (steps.stoppedBy()) failedSteps.push(`stopped by ${steps.stoppedBy()}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
for (const name of failedTests) console.log(`  ✗ ${name}`);
console.log(`\n${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
process.exit(steps.exitCode() || (failedSteps.length || results.failed ? 1 : 0));
