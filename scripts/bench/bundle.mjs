// What the browser loads (JS and CSS, gzip) for /login, and for the home page of a staff account: routes are
// code-split, so admin code must never be among the staff's files. Target: /login JS <= 160 KB, CSS <= 25 KB gzip.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { startPortal } from './portal.mjs';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function loaded(page, url, before) {
  const files = new Map();
  const onResponse = async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await res.body();
      files.set(res.url(), { type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    } catch {
      /* redirected or aborted */
    }
  };
  page.on('response', onResponse);
  if (before) await before(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  const sum = (type, key) => [...files.values()].filter((f) => f.type === type).reduce((a, f) => a + f[key], 0);
  return {
    files: [...files.keys()].map((u) => new URL(u).pathname),
    detail: [...files].map(([u, f]) => ({ file: new URL(u).pathname, gzip: f.gzip })).sort((a, b) => b.gzip - a.gzip),
    js: { raw: sum('script', 'raw'), gzip: sum('script', 'gzip') },
    css: { raw: sum('stylesheet', 'raw'), gzip: sum('stylesheet', 'gzip') },
  };
}

export async function benchBundle() {
  const portal = await startPortal({ seedDemo: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const login = await loaded(await (await browser.newContext()).newPage(), `${portal.baseURL}/login`);
    const staffPage = await (await browser.newContext()).newPage();
    const staff = await loaded(staffPage, `${portal.baseURL}/`, async (p) => {
      const r = await p.request.post(`${portal.baseURL}/api/login`, {
        data: { email: 'eine-kita@demo.example', password: 'Demo-Passwort-2026' },
      });
      if (!r.ok()) throw new Error(`staff login failed: ${r.status()}`);
    });
    // chunks built from routes/_app/verwaltung/** (the Vite manifest names each chunk's source)
    const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
    const adminChunks = new Set(
      Object.values(manifest).filter((c) => /^routes\/_app\/verwaltung/.test(c.src ?? '')).map((c) => `/${c.file}`),
    );
    const adminFiles = staff.files.filter((f) => adminChunks.has(f));
    return { login, staffHome: staff, adminFilesForStaff: adminFiles, adminChunkCount: adminChunks.size };
  } finally {
    await browser.close();
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchBundle();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`/login: JS ${kb(r.login.js.gzip)} gzip (${kb(r.login.js.raw)} raw), CSS ${kb(r.login.css.gzip)} gzip (${kb(r.login.css.raw)} raw), ${r.login.files.length} files`);
  if (process.env.BENCH_VERBOSE) for (const f of r.login.detail) console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(6)} KB ${f.file}`);
  console.log(`staff home: JS ${kb(r.staffHome.js.gzip)} gzip, CSS ${kb(r.staffHome.css.gzip)} gzip; admin chunks loaded: ${r.adminFilesForStaff.length} of ${r.adminChunkCount}`);
}
