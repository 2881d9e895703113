// What the browser loads for /login, the eleven staff pages and the admin KiTa list:
// - JS and CSS, gzip -9 per file (the budget of docs/decisions/0006: /login JS <= 160 KB, CSS <= 25 KB);
// - what really goes over the wire (CDP Network.loadingFinished encodedDataLength: headers + body as sent) and how
//   many requests, once as Chromium asks (brotli/gzip accepted) and once with `Accept-Encoding: identity` (what every
//   browser received before the build's precompressed files were served, issue 19);
// - routes are code-split, so admin code must never be among the staff's files;
// - Lighthouse 12 on every page, desktop preset and mobile preset (Lighthouse's default: simulated slow 4G, 4x CPU;
//   issue 35): performance, accessibility, best practices (targets desktop 95 / 100 / 95, mobile 90 / 100) and the
//   longest request chain (from Lighthouse's page dependency graph, so the API requests count too: the document, the
//   scripts, /api/loginstatus, the route chunk, the page's data). Each preset runs BENCH_LIGHTHOUSE_RUNS times per page
//   (default 3) and reports the run with the median performance score (the score depends on a quiet CPU; the load
//   average is printed beside the figures). BENCH_LIGHTHOUSE=0 skips it; BENCH_PRESETS=mobile (or desktop) runs one
//   preset; BENCH_LIGHTHOUSE_JSON=<dir> writes every report there (diagnostics: long tasks, bootup time per script,
//   critical request chains, treemap data); BENCH_PAGES=login,staff,doku,... measures only those pages (keys below).
// - BENCH_VIA=nginx: the portal behind the shipped nginx (deploy/nginx.conf's proxy, TLS and HTTP/2 settings, a
//   self-signed certificate), as a phone reaches a deployed portal; the default is the README's start (plain HTTP/1.1,
//   where the browser opens at most six connections and every request waits its turn on one of them).
// - BENCH_THROTTLING=devtools: Lighthouse slows Chromium's own network (each request's latency, the line's throughput)
//   and CPU instead of simulating the load afterwards. Its simulation (Lantern) lends the one HTTP/2 connection to one
//   request at a time, so a file found one import later costs only what the queue in front of it costs; with devtools
//   throttling each import level costs a real round trip (decision 0039). The scores are lower and noisier (one
//   observed load, not a model); compare a change with the build before it, never with the simulated figures.
import { chromium } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, startNginx } from '../../server/testing/nginx.ts';
import { startPortal } from './portal.mjs';

const CHROMIUM = '/usr/bin/chromium';
/** Lighthouse throttles the browser itself instead of simulating the load (BENCH_THROTTLING=devtools, above) */
const DEVTOOLS_THROTTLING = process.env.BENCH_THROTTLING === 'devtools';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PASSWORD = 'Demo-Passwort-2026';
const STAFF = 'eine-kita@demo.example';
const ADMIN = 'admin@demo.example';
// the staff pages besides /login and the start page (issue 35): key for BENCH_PAGES, path
const STAFF_PAGES = [
  ['stammdaten', '/stammdaten'],
  ['personal', '/personal'],
  ['anmeldung', '/kita-jahr-anmeldung'],
  ['fortbildungen', '/fortbildungen'],
  ['hospitationen', '/hospitationen'],
  ['workshop', '/team-workshop-application'],
  ['auszeichnung', '/auszeichnungsverantaltung'],
  ['doku', '/dokumentationsbogen'],
  ['einstellungen', '/einstellungen'],
];
/** The load average (1, 5, 15 minutes): Lighthouse's scores depend on a quiet CPU. */
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * The session cookie of a fresh login (`name=value`), for a browser context or Lighthouse's extra headers. Through
 * node:http(s) rather than fetch: behind nginx (BENCH_VIA=nginx) the certificate is a throwaway self-signed one.
 */
function sessionCookie(baseURL, email) {
  const { request } = baseURL.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseURL}/api/login`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, rejectUnauthorized: false },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`login as ${email} failed: ${res.statusCode}`));
          const cookie = (res.headers['set-cookie'] ?? []).find((c) => /^(__Host-)?kita_session=/.test(c));
          if (!cookie) return reject(new Error(`login as ${email}: no session cookie`));
          resolve(cookie.split(';')[0]);
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ email, password: PASSWORD }));
  });
}

/** One cold load of `url` in a fresh context: JS/CSS gzip sizes, and bytes on the wire and requests of everything. */
async function loaded(browser, baseURL, url, { cookie, identity = false } = {}) {
  const context = await browser.newContext({ ignoreHTTPSErrors: baseURL.startsWith('https:') });
  if (cookie) {
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    await context.addCookies([{ name, value, url: baseURL }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  const wire = new Map(); // requestId -> encoded bytes
  const encodings = new Map(); // requestId -> content-encoding
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    encodings.set(e.requestId, headers['content-encoding'] ?? 'identity');
  });
  cdp.on('Network.loadingFinished', (e) => wire.set(e.requestId, e.encodedDataLength));
  cdp.on('Network.loadingFailed', (e) => wire.set(e.requestId, 0));

  const files = new Map();
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await res.body();
      files.set(res.url(), { type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    } catch {
      /* redirected or aborted */
    }
  });
  await page.goto(`${baseURL}${url}`, { waitUntil: 'networkidle' });
  // the page that was measured: a lost session would measure /login instead
  const landed = `${new URL(page.url()).pathname} "${
    (await page
      .locator('h1')
      .first()
      .textContent({ timeout: 5000 })
      .catch(() => '')) ?? ''
  }"`;
  await context.close();
  const sum = (type, key) => [...files.values()].filter((f) => f.type === type).reduce((a, f) => a + f[key], 0);
  const compressed = [...encodings.values()].filter((e) => e !== 'identity').length;
  return {
    files: [...files.keys()].map((u) => new URL(u).pathname),
    detail: [...files].map(([u, f]) => ({ file: new URL(u).pathname, gzip: f.gzip })).sort((a, b) => b.gzip - a.gzip),
    js: { raw: sum('script', 'raw'), gzip: sum('script', 'gzip') },
    css: { raw: sum('stylesheet', 'raw'), gzip: sum('stylesheet', 'gzip') },
    wire: { bytes: [...wire.values()].reduce((a, b) => a + b, 0), requests: wire.size, compressed },
    landed,
  };
}

/**
 * The longest chain of requests, each waiting for the one before (Lighthouse's page dependency graph: a request
 * depends on the request that brought its initiator, also through the script tasks in between), as short names.
 */
async function longestChain(artifacts) {
  const { PageDependencyGraph } = await import('lighthouse/core/computed/page-dependency-graph.js');
  const graph = await PageDependencyGraph.request(
    {
      trace: artifacts.Trace ?? artifacts.traces?.defaultPass,
      devtoolsLog: artifacts.DevtoolsLog ?? artifacts.devtoolsLogs?.defaultPass,
      URL: artifacts.URL,
    },
    { computedCache: new Map() },
  );
  const memo = new Map(); // node -> { depth, path }
  const walk = (node) => {
    if (memo.has(node)) return memo.get(node);
    let best = { depth: 0, path: [] };
    for (const dep of node.getDependencies()) {
      const d = walk(dep);
      if (d.depth > best.depth) best = d;
    }
    const own = node.type === 'network' ? { depth: best.depth + 1, path: [...best.path, node] } : best;
    memo.set(node, own);
    return own;
  };
  let longest = { depth: 0, path: [] };
  graph.traverse((node) => {
    const d = walk(node);
    if (d.depth > longest.depth || (d.depth === longest.depth && d.path.at(-1)?.endTime > longest.path.at(-1)?.endTime)) longest = d;
  });
  const name = (node) => {
    const u = new URL(node.request.url);
    if (node.isMainDocument()) return 'document';
    return u.pathname.startsWith('/api/') ? u.pathname : u.pathname.split('/').pop();
  };
  return longest.path.map(name);
}

async function lighthouseScores(url, cookie, jsonFile, preset) {
  const { default: lighthouse } = await import('lighthouse');
  // mobile: Lighthouse's default config (simulated slow 4G, 4x CPU slowdown, a phone's screen)
  const config = preset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const chromeLauncher = await import('chrome-launcher');
  // behind nginx (BENCH_VIA=nginx) the certificate is a throwaway self-signed one
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', ...(url.startsWith('https:') ? ['--ignore-certificate-errors'] : [])],
  });
  try {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...(DEVTOOLS_THROTTLING ? { throttlingMethod: 'devtools' } : {}),
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const { lhr, artifacts } = await lighthouse(url, flags, config);
    if (jsonFile) writeFileSync(jsonFile, JSON.stringify(lhr));
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    // what cost points: every audit of the three categories below a full score, with its title
    const ids = new Set(
      ['performance', 'accessibility', 'best-practices'].flatMap((c) => lhr.categories[c].auditRefs.filter((r) => r.weight > 0).map((r) => r.id)),
    );
    const misses = [...ids]
      .map((id) => lhr.audits[id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => `${a.id} (${a.displayValue ?? Math.round(a.score * 100)})`);
    // what the browser complained about (best practices), and where the main thread spent its time (performance)
    const issues = (lhr.audits['inspector-issues']?.details?.items ?? []).map(
      (i) =>
        `${i.issueType}: ${(i.subItems?.items ?? [])
          .map((s) => s.url ?? JSON.stringify(s))
          .slice(0, 3)
          .join(' ')}`,
    );
    const work = (lhr.audits['mainthread-work-breakdown']?.details?.items ?? [])
      .slice(0, 4)
      .map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)} ms`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      finalUrl: lhr.finalDisplayedUrl,
      runtimeError: lhr.runtimeError?.message,
      misses,
      issues,
      work,
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).length,
      chain: await longestChain(artifacts).catch((e) => [`(no chain: ${e.message})`]),
      metrics: {
        fcp: lhr.audits['first-contentful-paint']?.displayValue,
        lcp: lhr.audits['largest-contentful-paint']?.displayValue,
        tbt: lhr.audits['total-blocking-time']?.displayValue,
        cls: lhr.audits['cumulative-layout-shift']?.displayValue,
      },
    };
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse `runs` times on one page; the run with the median performance score, and all scores. */
async function lighthouseMedian(url, cookieFor, name, runs, preset) {
  const dir = process.env.BENCH_LIGHTHOUSE_JSON;
  if (dir) mkdirSync(dir, { recursive: true });
  const all = [];
  // a run Lighthouse could not record (NO_NAVSTART, 5 of about 70 runs on an idle machine here; Lighthouse says to run it
  // again) scores 0: it is run again, twice at most, so the median is of `runs` recorded runs
  for (let i = 0; all.filter((l) => !l.runtimeError).length < runs && i < runs + 2; i++) {
    const file = dir ? join(dir, `${name.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '')}-${preset}-${i + 1}.json`) : undefined;
    all.push(await lighthouseScores(url, await cookieFor(), file, preset));
  }
  const recorded = all.filter((l) => !l.runtimeError);
  const sorted = [...(recorded.length ? recorded : all)].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], allPerformance: all.map((l) => l.performance), loadavg: loadavg() };
}

export async function benchBundle({ withLighthouse = process.env.BENCH_LIGHTHOUSE !== '0' } = {}) {
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
  const presets = (process.env.BENCH_PRESETS ?? 'desktop,mobile').split(',');
  const only = process.env.BENCH_PAGES?.split(',');
  const viaNginx = process.env.BENCH_VIA === 'nginx';
  const nginxPort = viaNginx ? await freePort() : undefined;
  // behind nginx the portal runs as deployed (docs/operations.md): its public address is nginx's https one, and it
  // reads the client's scheme and address from nginx's X-Forwarded headers
  const portal = await startPortal({
    seedDemo: true,
    env: viaNginx ? { PUBLIC_URL: `https://127.0.0.1:${nginxPort}`, TRUST_PROXY: '1' } : {},
  });
  const nginx = viaNginx ? await startNginx([portal.baseURL], { port: nginxPort, tls: true }) : undefined;
  const baseURL = nginx?.url ?? portal.baseURL;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const pages = [
      { key: 'login', name: '/login', url: '/login' },
      { key: 'staff', name: 'staff start (/)', url: '/', account: STAFF },
      ...STAFF_PAGES.map(([key, url]) => ({ key, name: url, url, account: STAFF })),
      { key: 'admin', name: 'admin KiTa list (/verwaltung/kitas)', url: '/verwaltung/kitas', account: ADMIN },
    ].filter((p) => !only || only.includes(p.key));
    // a fresh session for every load: the previous run may have ended its session
    const cookieFor = async (p) => (p.account ? sessionCookie(baseURL, p.account) : undefined);
    const results = [];
    for (const p of pages) {
      const now = await loaded(browser, baseURL, p.url, { cookie: await cookieFor(p) });
      const identity = await loaded(browser, baseURL, p.url, { cookie: await cookieFor(p), identity: true });
      const lighthouse = {};
      if (withLighthouse) {
        for (const preset of presets) lighthouse[preset] = await lighthouseMedian(`${baseURL}${p.url}`, () => cookieFor(p), p.key, runs, preset);
      }
      results.push({ ...p, now, identity, lighthouse });
    }
    // chunks built from routes/_app/verwaltung/** (the Vite manifest names each chunk's source)
    const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
    const adminChunks = new Set(
      Object.values(manifest)
        .filter((c) => /^routes\/_app\/verwaltung/.test(c.src ?? ''))
        .map((c) => `/${c.file}`),
    );
    const page = (key) => results.find((p) => p.key === key)?.now;
    const adminFiles = page('staff')?.files.filter((f) => adminChunks.has(f));
    return {
      via: viaNginx ? 'nginx (https, HTTP/2)' : "the README's start (http, HTTP/1.1)",
      pages: results,
      login: page('login'),
      staffHome: page('staff'),
      adminFilesForStaff: adminFiles,
      adminChunkCount: adminChunks.size,
    };
  } finally {
    await browser.close();
    await nginx?.stop();
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchBundle();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  if (r.login) {
    console.log(
      `/login: JS ${kb(r.login.js.gzip)} gzip (${kb(r.login.js.raw)} raw), CSS ${kb(r.login.css.gzip)} gzip (${kb(r.login.css.raw)} raw), ${r.login.files.length} files`,
    );
    if (process.env.BENCH_VERBOSE) for (const f of r.login.detail) console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(6)} KB ${f.file}`);
  }
  if (r.staffHome) {
    console.log(
      `staff home: JS ${kb(r.staffHome.js.gzip)} gzip, CSS ${kb(r.staffHome.css.gzip)} gzip; admin chunks loaded: ${r.adminFilesForStaff.length} of ${r.adminChunkCount}`,
    );
  }
  console.log(`\nOn the wire through ${r.via} (Chromium, cold cache, until network idle; headers included):`);
  for (const p of r.pages) {
    console.log(
      `  ${p.name} → ${p.now.landed}: ${kib(p.now.wire.bytes)} in ${p.now.wire.requests} requests (${p.now.wire.compressed} compressed); ` +
        `uncompressed (Accept-Encoding: identity) ${kib(p.identity.wire.bytes)}; JS+CSS gzip -9 ${kib(p.now.js.gzip + p.now.css.gzip)}`,
    );
  }
  const presetsRun = Object.keys(r.pages[0]?.lighthouse ?? {});
  for (const preset of presetsRun) {
    const target = preset === 'desktop' ? 'performance >= 95' : 'performance >= 90, LCP <= 2.5 s';
    console.log(
      `\nLighthouse 12, ${preset} preset${preset === 'mobile' ? (DEVTOOLS_THROTTLING ? ' (slow 4G and 4x CPU applied by devtools, not simulated)' : ' (simulated slow 4G, 4x CPU)') : ''}, run with the median performance of ` +
        `${r.pages[0].lighthouse[preset].allPerformance.length} (targets: ${target}, accessibility 100, best practices >= 95):`,
    );
    for (const p of r.pages) {
      const l = p.lighthouse[preset];
      console.log(
        `  ${p.name}: performance ${l.performance}, accessibility ${l.accessibility}, best practices ${l.bestPractices} ` +
          `(FCP ${l.metrics.fcp}, LCP ${l.metrics.lcp}, TBT ${l.metrics.tbt}, CLS ${l.metrics.cls}, ${l.longTasks} long tasks; ` +
          `page ${new URL(l.finalUrl).pathname})${l.allPerformance.length > 1 ? `; performance of the ${l.allPerformance.length} runs: ${l.allPerformance.join(', ')}` : ''}; load ${l.loadavg}`,
      );
      if (l.runtimeError) console.log(`    Lighthouse error: ${l.runtimeError}`);
      if (l.misses.length) console.log(`    below full score: ${l.misses.join(', ')}`);
      if (l.issues.length) console.log(`    browser issues: ${l.issues.join('; ')}`);
      if (preset === 'mobile' || presetsRun.length === 1) console.log(`    longest chain (${l.chain.length}): ${l.chain.join(' → ')}`);
      if (process.env.BENCH_VERBOSE) console.log(`    main thread: ${l.work.join(', ')}`);
    }
  }
  if (presetsRun.length) {
    // one table: what each page loads, and both presets side by side (median runs)
    const cell = (l) => (l ? `${l.performance} / ${l.accessibility} / ${l.bestPractices}` : '–');
    const m = (l, k) => l?.metrics[k]?.replace(/\u00a0/g, ' ') ?? '–';
    console.log(
      '\n| page | JS gzip | CSS gzip | requests | longest chain | desktop perf / a11y / bp | mobile perf / a11y / bp | mobile FCP / LCP / TBT |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const p of r.pages) {
      const d = p.lighthouse.desktop;
      const mo = p.lighthouse.mobile;
      const chain = (mo ?? d).chain.length;
      console.log(
        `| ${p.url} | ${kb(p.now.js.gzip)} | ${kb(p.now.css.gzip)} | ${p.now.wire.requests} | ${chain} | ${cell(d)} | ${cell(mo)} | ${m(mo, 'fcp')} / ${m(mo, 'lcp')} / ${m(mo, 'tbt')} |`,
      );
    }
    console.log(`(load average at the end: ${loadavg()})`);
  }
}
