#!/usr/bin/env node
// `npm run bench`: the size and speed targets of the performance ledger (docs/decisions/0008-performance-ledger.md), measured (never asserted in tests).
import { spawnSync } from 'node:child_process';

const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);

// `npm run bench flaky [spec …]` only when asked (it runs the e2e suite N times): the rest of the arguments go to it
if (only[0] === 'flaky') {
  console.log('\n## The e2e suite N times in a row without retries (FLAKY_RUNS, default 5): failures per test');
  const r = spawnSync('node_modules/.bin/tsx', ['scripts/bench/flaky.ts', ...only.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

if (want('bundle')) {
  console.log('\n## What the browser loads (gzip; on the wire; Lighthouse), target /login JS <= 160 KB, CSS <= 25 KB gzip');
  spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  spawnSync('node_modules/.bin/tsx', ['scripts/bench/bundle.mjs'], { stdio: 'inherit', env: { ...process.env, SKIP_BUILD: '1' } });
}
if (want('api')) {
  console.log('\n## GET /api/loginstatus under load (autocannon, 50 connections, 10 s) next to its floors');
  spawnSync('node_modules/.bin/tsx', ['scripts/bench/api.ts'], { stdio: 'inherit' });
}
if (want('facilities')) {
  console.log('\n## Admin KiTa list (10 concurrent admins, autocannon) and CSV/XLSX exports with 5,000 KiTas, 30,000 persons, 10 seasons');
  spawnSync('node_modules/.bin/tsx', ['scripts/bench/facilities.ts'], { stdio: 'inherit' });
}
if (want('admin-home')) {
  console.log(
    '\n## Admin home work list (10 concurrent admins, autocannon) with 5,000 KiTas, 30,000 persons, 10 seasons (PostgreSQL), target p95 <= 100 ms',
  );
  spawnSync('node_modules/.bin/tsx', ['scripts/bench/admin-home.ts'], { stdio: 'inherit' });
}
if (want('report')) {
  console.log(
    '\n## Season report (10 concurrent admins) and its XLSX with 5,000 KiTas, 30,000 persons, 10 seasons (PostgreSQL), targets p95 <= 300 ms, XLSX <= 2 s',
  );
  spawnSync('node_modules/.bin/tsx', ['scripts/bench/season-report.ts'], { stdio: 'inherit' });
}
if (want('rush')) {
  console.log(
    '\n## Booking rush: 2,000 requests from 500 KiTas for 50 dates opening at once (PostgreSQL), floor tps (pgbench), on a world with last season’s bookings and mails (BENCH_WORLD=empty: without), decisions/s at 50 in flight and their ratio (target >= 0.17, aiming at 0.3), p99 at 200 in flight (target <= 500 ms), an open loop of 300 within 1 s, 0 overbooked',
  );
  spawnSync('node_modules/.bin/tsx', ['scripts/bench/rush.ts'], { stdio: 'inherit' });
}
if (want('ceiling')) {
  console.log(
    "\n## What any booking route of this stack reaches on this machine: bare Fastify routes (no session, no ORM) doing nothing, the floor's transaction over node-postgres, and the same as one PL/pgSQL call, with the rush's load thread, beside the floor",
  );
  spawnSync('node_modules/.bin/tsx', ['scripts/bench/ceiling.ts'], { stdio: 'inherit' });
}
if (want('scale')) {
  console.log(
    '\n## Two instances: the rush and the autosave load through nginx against one and against two compiled servers on one PostgreSQL: decisions/s and p99 side by side',
  );
  spawnSync('node_modules/.bin/tsx', ['scripts/bench/scale.ts'], { stdio: 'inherit' });
}
if (want('autosave')) {
  console.log(
    '\n## Documentation autosave: 300 KiTas, one changed answer each every 2 s for 30 s (PostgreSQL), target p99 <= 100 ms, no update lost',
  );
  spawnSync('node_modules/.bin/tsx', ['scripts/bench/autosave.ts'], { stdio: 'inherit' });
}
if (want('docexport')) {
  console.log('\n## Documentation exports: answers of 300 forms (CSV/XLSX, target <= 2 s) and the ZIP of 300 PDFs (PostgreSQL, flat memory)');
  spawnSync('node_modules/.bin/tsx', ['--expose-gc', 'scripts/bench/docexport.ts'], { stdio: 'inherit' });
}
if (want('upload')) {
  console.log(
    '\n## Photo uploads: 50 KiTas upload a 5 MB phone photo each at once (PostgreSQL): p99, peak RSS, /api/loginstatus every 50 ms (target max <= 200 ms)',
  );
  spawnSync('node_modules/.bin/tsx', ['--expose-gc', 'scripts/bench/upload.ts'], { stdio: 'inherit' });
}
if (want('legacy')) {
  console.log('\n## Legacy import: a 5,000-row Windows-1252 CSV against 2,000 KiTas (PostgreSQL), targets preview, commit, undo <= 5 s each');
  spawnSync('node_modules/.bin/tsx', ['--expose-gc', 'scripts/bench/legacy-import.ts'], { stdio: 'inherit' });
}
if (want('emaillists')) {
  console.log(
    '\n## E-mail lists: 5,000 KiTas / 30,000 persons (PostgreSQL): live count with four criteria (target p95 <= 100 ms), CSV of 30,000 addresses (target <= 2 s, flat memory)',
  );
  spawnSync('node_modules/.bin/tsx', ['--expose-gc', 'scripts/bench/emaillists.ts'], { stdio: 'inherit' });
}
if (want('activecampaign')) {
  console.log(
    '\n## ActiveCampaign sync: 10,000 consenting accounts against the local API stub (PostgreSQL), killed halfway and resumed; re-run; the real 5 requests/s',
  );
  spawnSync('node_modules/.bin/tsx', ['scripts/bench/activecampaign.ts'], { stdio: 'inherit' });
}
if (want('certificates')) {
  console.log(
    "\n## Certificates (issue 37): 300 Urkunden issued and printed as one PDF, a date's 40 Teilnahmebescheinigungen (PostgreSQL); time and peak RSS, target <= 30 s and flat memory for the 300",
  );
  spawnSync('node_modules/.bin/tsx', ['--expose-gc', 'scripts/bench/certificates.ts'], { stdio: 'inherit' });
}
if (want('retention')) {
  console.log('\n## Retention job (issue 38): dry run and one run of every rule with 5,000 KiTas, 30,000 persons, 10 seasons (PostgreSQL)');
  spawnSync('node_modules/.bin/tsx', ['scripts/bench/retention.ts'], { stdio: 'inherit' });
}
