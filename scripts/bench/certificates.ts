// Issue 37 targets, measured (never asserted in tests), on PostgreSQL (PGlite with BENCH_DRIVER=pglite): 300 KiTas of
// the current season with their documentation approved. Through HTTP as the admin: "Urkunden erzeugen" (300 issued),
// the season's print PDF "Alle als PDF herunterladen" (300 pages, read to its end as a browser does), then a training
// date's 40 attendances marked at once (40 Teilnahmebescheinigungen issued) and the date's PDF of all 40. Time, size,
// pages, and the peak RSS of this process (server, its PDF worker threads and the client) above the level before each
// step, sampled every 10 ms. Target: the 300 in ≤ 30 s with flat memory. BENCH_KITAS, BENCH_ATTENDEES change the load.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startApp } from '../../server/app';
import { queryRows } from '../../server/db/client';
import { seedEnrolledKitas } from './enrolled-kitas';
import { benchAdminCookie, mb, rssSampler, runBench, type BenchWorld } from './kit';

const KITAS = Number(process.env.BENCH_KITAS ?? 300);
const ATTENDEES = Math.min(KITAS, Number(process.env.BENCH_ATTENDEES ?? 40));

/** `fn` timed, with the peak RSS above the level at its start */
async function step<T>(fn: () => Promise<T>): Promise<T & { ms: number; rssGrowthMb: number; rssPeakMb: number }> {
  const rss = rssSampler(10);
  const t0 = performance.now();
  const out = await fn().finally(() => rss.stop());
  const peak = rss.peak();
  return { ...out, ms: Math.round(performance.now() - t0), rssGrowthMb: mb(peak - rss.before), rssPeakMb: mb(peak) };
}

/**
 * a PDF answer read to its end as it arrives, the way a browser saves it (the client shares this process, so it holds
 * no copy that would count as the server's memory): status, bytes and pages (pdfkit writes each page as an object of
 * its own; a tail is carried so a marker split between two chunks counts once)
 */
async function pdf(url: string, cookie: string) {
  const res = await fetch(url, { headers: { cookie } });
  let bytes = 0;
  let pages = 0;
  let tail = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    const text = tail + Buffer.from(chunk).toString('latin1');
    const found = [...text.matchAll(/\/Type \/Page\b/g)];
    // a marker ending inside the carried tail was counted with the chunk before
    pages += found.filter((m) => m.index + m[0].length > tail.length).length;
    tail = text.slice(-16);
  }
  return { status: res.status, bytes, pages };
}

async function run(w: BenchWorld) {
  const db = w.db;
  const t0 = performance.now();
  await seedEnrolledKitas(db, KITAS, 'Kinderhaus Sonnenblume', 'urkunde.example');
  await db.execute(
    sql.raw(`update facilities set city = (array['München','Nürnberg','Würzburg','Fürth','Regensburg'])[1 + id % 5],
      label = label || (array[' e. V.',' – Haus für Kinder','',' „Grünschnabel“',' Süd'])[1 + id % 5]`),
  );
  await db.execute(sql.raw(`update season_enrolments set project_title = 'Wasser, Wald und Wiese – wir erforschen unseren Garten'`));
  await db.execute(
    sql.raw(`insert into documentation_forms (facility_id, season_id, state) select f.id, s.id, 'approved' from facilities f, seasons s`),
  );
  await db.execute(sql.raw(`insert into training_modules (season_id, title) select id, 'Einsteiger' from seasons`));
  const [training] = await queryRows<{ id: number }>(
    db,
    `insert into offerings (kind, season_id, module_id, title, starts_at, ends_at, place, region, capacity, state)
      select 'training', m.season_id, m.id, 'Draußen forschen: Bäche und Teiche', now() - interval '2 hours', now() + interval '4 hours',
        'Umweltstation Würzburg', 'Unterfranken', ${ATTENDEES}, 'published' from training_modules m returning id`,
  );
  const enrolments = await queryRows<{ id: number }>(
    db,
    `with staff as (
       insert into persons (facility_id, first_name, last_name, position, email)
       select id, 'Jürgen', 'Müller-Weiß', 'pädagogische Fachkraft', 'fachkraft' || id || '@urkunde.example'
         from facilities order by id limit ${ATTENDEES} returning id, facility_id)
     insert into offering_enrolments (offering_id, facility_id, person_id, state)
     select ${training!.id}, facility_id, id, 'confirmed' from staff returning id`,
  );
  const cookie = await benchAdminCookie(db);
  const seedMs = Math.round(performance.now() - t0);

  const portal = await startApp({ config: w.config(), db, host: '127.0.0.1', port: 0, mail: { start: false } });
  try {
    const api = `${portal.address}/api/admin`;
    const post = async (url: string, body: unknown) => {
      const res = await fetch(url, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, answer: (await res.json()) as Record<string, unknown> };
    };
    const issue = await step(() => post(`${api}/certificates/issue`, { seasonIdentifier: '2026-27' }));
    const batch = await step(() => pdf(`${api}/certificates/batch.pdf?seasonIdentifier=2026-27&kind=award`, cookie));
    const attended = await step(() =>
      post(`${api}/offerings/${training!.id}/enrolments/actions`, { action: 'attended', enrolmentIds: enrolments.map((e) => e.id) }),
    );
    const datePdf = await step(() => pdf(`${api}/offerings/${training!.id}/attendance-certificates.pdf`, cookie));
    const [issued] = await queryRows<{ award: number; attendance: number }>(
      db,
      `select count(*) filter (where kind = 'award')::int as award, count(*) filter (where kind = 'attendance')::int as attendance
         from certificates where state = 'valid'`,
    );
    return {
      driver: w.driver,
      kitas: KITAS,
      attendees: ATTENDEES,
      seedMs,
      issueUrkunden: { status: issue.status, answer: issue.answer, ms: issue.ms, rssGrowthMb: issue.rssGrowthMb },
      allUrkundenPdf: batch,
      markAttended: { status: attended.status, ms: attended.ms, rssGrowthMb: attended.rssGrowthMb },
      datePdf,
      validCertificates: issued,
      target: 'allUrkundenPdf.ms <= 30000, rss flat',
    };
  } finally {
    await portal.app.close();
  }
}

await runBench('certificates', run);
