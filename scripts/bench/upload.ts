// Issue 18 benchmark (never asserted in tests), on PostgreSQL: 50 KiTas upload a 5 MB phone photo each (a noisy
// 4000 × 3000 JPEG with GPS in its EXIF) to the documentation form's photo question, all at once, through HTTP.
// Measured: each upload's time (p50/p99/max; the server decodes and re-encodes every photo, one at a time), the
// server's peak RSS (this process; the load and the photo live in a child process), and GET /api/loginstatus of a
// logged-in account probed every 50 ms throughout (target: max <= 200 ms; the server stays responsive while photos
// are decoded). Prints one JSON line. BENCH_KITAS, BENCH_PHOTO_MB change the load; BENCH_PG_URL the server.
import { fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startApp } from '../../server/app';
import { queryRows } from '../../server/db/client';
import { seedEnrolledKitas } from './enrolled-kitas';
import { benchCookie, mb, rssSampler, runBench, type BenchWorld } from './kit';

const KITAS = Number(process.env.BENCH_KITAS ?? 50);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number) => Math.round(n);

type ClientResult = {
  photo: { bytes: number; width: number; height: number; hasExif: boolean };
  uploads: { status: number; ms: number }[];
  probes: { status: number; ms: number; at: number }[];
  totalMs: number;
};

async function run(w: BenchWorld) {
  const db = w.db;
  const members = await seedEnrolledKitas(db, KITAS, 'Foto-KiTa', 'foto.example');
  const kitas: { facilityId: number; cookie: string }[] = [];
  for (const m of members) {
    kitas.push({ facilityId: m.facility_id, cookie: await benchCookie(db, m.user_id) });
  }
  // the prober: one more session of the first member (loginstatus with the session lookup, as the SPA's ping)
  const probeCookie = await benchCookie(db, members[0]!.user_id, 'bench-probe');

  const config = w.config({ FILE_STORAGE: 'local' });
  const portal = await startApp({ config, db, host: '127.0.0.1', port: 0, mail: { start: false } });
  const rss = rssSampler(10);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });

  const out = await new Promise<ClientResult>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./upload-client.mjs', import.meta.url)), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m: { ready?: boolean } | ClientResult) => {
      if (!('ready' in m)) return reject(new Error('client: unexpected message'));
      // the photo is made; measure from here
      loopDelay.enable();
      child.once('message', (r) => resolve(r as ClientResult));
      child.send({ go: true });
    });
    child.once('error', reject);
    child.send({ base: portal.address, kitas, probeCookie, photoMb: Number(process.env.BENCH_PHOTO_MB ?? 5) });
  });
  loopDelay.disable();
  const rssPeak = rss.stop();
  const stored = await queryRows<{ n: number; avg_size: number; max_w: number; max_h: number; types: string }>(
    db,
    `select count(*)::int as n, avg(size)::int as avg_size, max(width) as max_w, max(height) as max_h, string_agg(distinct content_type, ',') as types from documentation_files`,
  );
  await portal.app.close();

  const ok = out.uploads
    .filter((u) => u.status === 201)
    .map((u) => u.ms)
    .sort((a, b) => a - b);
  const byStatus: Record<string, number> = {};
  for (const u of out.uploads) byStatus[u.status] = (byStatus[u.status] ?? 0) + 1;
  const probeMs = out.probes.map((p) => p.ms).sort((a, b) => a - b);
  return {
    driver: 'pg',
    kitas: KITAS,
    photo: { mb: mb(out.photo.bytes), width: out.photo.width, height: out.photo.height, exif: out.photo.hasExif },
    uploads: byStatus,
    uploadMs: { p50: round(pct(ok, 50)), p99: round(pct(ok, 99)), max: round(ok[ok.length - 1] ?? 0) },
    wallMs: round(out.totalMs),
    stored: stored[0],
    rssMB: { before: mb(rss.before), peak: mb(rssPeak), growth: mb(rssPeak - rss.before) },
    loginstatus: {
      probes: probeMs.length,
      failed: out.probes.filter((p) => p.status !== 200).length,
      p50: round(pct(probeMs, 50)),
      p99: round(pct(probeMs, 99)),
      max: round(probeMs[probeMs.length - 1] ?? 0),
    },
    serverEventLoopDelayMs: { p99: round(loopDelay.percentile(99) / 1e6), max: round(loopDelay.max / 1e6) },
  };
}

await runBench('upload', run);
