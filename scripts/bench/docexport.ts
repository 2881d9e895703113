// Issue 12 targets, measured (never asserted in tests), on PostgreSQL: 300 KiTas with a submitted documentation form
// each (every question of the default template answered, ~8 KB of text; BENCH_PHOTOS of them with a small photo),
// downloaded by an admin over HTTP as a stream:
// - the answers export, CSV (Excel) and XLSX: target <= 2 s for 300 forms;
// - the ZIP of one PDF per form: memory must stay flat. Measured with 100 and with 300 submitted forms (the other
//   200 set back to draft meanwhile), and during the 300 run the RSS and heap of this process (server and client)
//   at every 100th ZIP entry: growth that follows the number of PDFs would show there.
// RSS is sampled every 5 ms while the stream is read; growth = peak minus the RSS before the request (after gc when
// run with --expose-gc, as `npm run bench docexport` does). Prints one JSON line per measurement.
// BENCH_KITAS, BENCH_PHOTOS change the data; BENCH_PG_URL the server (throwaway database).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startApp } from '../../server/app';
import { queryRows, type Db } from '../../server/db/client';
import { fixtureFiles } from '../../server/testing/fixture-files';
import { benchAdminCookie, mb, rssSampler, runBench, type BenchWorld } from './kit';

const KITAS = Number(process.env.BENCH_KITAS ?? 300);
const PHOTOS = Math.min(KITAS, Number(process.env.BENCH_PHOTOS ?? 50));
const SMALL = Math.min(KITAS, 100);

const TEXT =
  'Die Kinder haben im Frühjahr Weizen gesät, das Wachsen beobachtet und im Sommer mit dem Bäcker aus dem Ort Brot gebacken. ' +
  'In der Kinderkonferenz haben sie entschieden, welche Körner wir ausprobieren; die Eltern haben beim Backfest geholfen.';
const LONG_KEYS = [
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
];

/** every question of the default template answered; what differs per KiTa is filled in by SQL below */
function answers(): Record<string, unknown> {
  const a: Record<string, unknown> = {
    themen: ['ernaehrung', 'klima', 'sonstiges'],
    themen_sonstiges: 'Gesundheit und Bewegung',
    projektbeginn: '2026-10-05',
    projektende: '2027-05-29',
    fotos: { consent: true },
    weitere_dokumente: { consent: false },
  };
  for (const k of LONG_KEYS) a[k] = `${TEXT} ${TEXT} ${TEXT}`;
  return a;
}

async function seed(db: Db) {
  await db.execute(
    sql`insert into seasons (identifier, label, enrolment_state, is_current, allow_documentation) values ('2026-27', 'KiTa-Jahr 2026/27', 'open', true, true)`,
  );
  await db.execute(
    sql.raw(`insert into facilities (label, kind, street, postal_code, city, region)
      select (array['Kinderhaus','Kita','Kindergarten','Haus für Kinder','Kinderkrippe'])[1 + i % 5] || ' ' ||
             (array['Sonnenschein','Regenbogen','Löwenzahn','Pusteblume','Zwergerl','Arche','Wichtel','Spatzennest'])[1 + i % 8] || ' ' || i,
             'Kindergarten', 'Hauptstraße ' || (i % 200 + 1), lpad((80000 + i * 37 % 19999)::text, 5, '0'),
             (array['München','Nürnberg','Augsburg','Regensburg','Würzburg','Passau','Bamberg'])[1 + i % 7],
             (array['Oberbayern','Niederbayern','Oberpfalz','Oberfranken','Mittelfranken','Unterfranken','Schwaben'])[1 + i % 7]
        from generate_series(1, ${KITAS}) i`),
  );
  await db.execute(
    sql.raw(`insert into season_enrolments (facility_id, season_id, accepted_terms_at) select f.id, s.id, now() from facilities f, seasons s`),
  );
  const base = answers();
  const versions = Object.fromEntries([...Object.keys(base), 'projekttitel', 'gruppen', 'anzahl_kinder'].map((k) => [k, 3]));
  await db.execute(sql`insert into documentation_forms (facility_id, season_id, state, answers, answer_versions, version, saved_at, submitted_at)
    select f.id, s.id, 'submitted',
           ${JSON.stringify(base)}::jsonb || jsonb_build_object(
             'projekttitel', (array['Vom Korn zum Brot','Wildbienen im Garten','Müll vermeiden im KiTa-Alltag','Wasser ist Leben','Strom-Detektive'])[1 + f.id % 5] || ' (' || f.id || ')',
             'gruppen', (array['Igelgruppe, Fuchsgruppe','Vorschulgruppe Biber','alle Gruppen','Krippengruppen Mäuse und Spatzen'])[1 + f.id % 4],
             'anzahl_kinder', 12 + f.id % 60),
           ${JSON.stringify(versions)}::jsonb, 40, now() - interval '3 days', now() - (f.id || ' minutes')::interval
      from facilities f, seasons s`);
  await db.execute(sql.raw('analyze'));
}

/** a small photo for the first PHOTOS forms (JPEG and PNG alternately), stored as an upload would store it */
async function seedPhotos(db: Db, storage: { put: (key: string, body: Buffer, meta: { contentType: string; size: number }) => Promise<void> }) {
  const forms = await queryRows<{ id: number }>(db, `select id from documentation_forms order by id limit ${PHOTOS}`);
  for (const [i, f] of forms.entries()) {
    const file = i % 2 === 0 ? { ...fixtureFiles.jpeg, width: 40, height: 30 } : { ...fixtureFiles.png, width: 48, height: 32 };
    const key = `documentation/bench/${f.id}/${i}`;
    await storage.put(key, file.buffer, { contentType: file.mime, size: file.buffer.length });
    await db.execute(sql`insert into documentation_files (form_id, question_key, storage_key, name, content_type, size, width, height)
      values (${f.id}, 'fotos', ${key}, ${`Projektfoto ${i + 1}.${file.mime === 'image/png' ? 'png' : 'jpg'}`}, ${file.mime}, ${file.buffer.length}, ${file.width}, ${file.height})`);
  }
  return forms.length;
}

const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * One download over HTTP, consumed as a stream; RSS of this process (server included) sampled meanwhile. For a ZIP,
 * the entries are counted by their local headers as they go by (RSS and heap noted at every 100th) and the total of
 * the end record is read at the end.
 */
async function download(url: string, cookie: string, zip = false) {
  const rss = rssSampler();
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  let bytes = 0;
  let entries = 0;
  let carry = Buffer.alloc(0);
  const atEntries: { entries: number; ms: number; rssMB: number; heapMB: number }[] = [];
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    if (!zip) continue;
    // the tail of the previous chunk goes along: a header split between chunks is still seen (searching from its
    // last 3 bytes, so none is counted twice), and the end record is whole at the end
    const buf = Buffer.concat([carry, chunk]);
    for (let at = buf.indexOf(LOCAL_HEADER, Math.max(0, carry.length - 3)); at !== -1; at = buf.indexOf(LOCAL_HEADER, at + 4)) {
      entries++;
      if (entries % 100 === 0 || entries === 1) {
        const m = process.memoryUsage();
        atEntries.push({ entries, ms: Math.round(performance.now() - t0), rssMB: mb(m.rss), heapMB: mb(m.heapUsed) });
      }
    }
    carry = buf.subarray(Math.max(0, buf.length - 64));
  }
  const ms = Math.round(performance.now() - t0);
  const peak = rss.stop();
  const out: Record<string, unknown> = {
    status: res.status,
    ms,
    bytes,
    rssBeforeMB: mb(rss.before),
    peakRssMB: mb(peak),
    growthMB: mb(peak - rss.before),
  };
  if (zip) {
    // end of central directory record: 22 bytes at the end (no comment), total entries at offset 10
    const eocd = carry.subarray(carry.length - 22);
    out.zipEntries = eocd.readUInt32LE(0) === 0x06054b50 ? eocd.readUInt16LE(10) : null;
    out.headersSeen = entries;
    out.atEntries = atEntries;
    // the largest RSS rise from one 100th entry to the next: flat memory keeps it near 0 however many PDFs follow
    const hundreds = atEntries.filter((a) => a.entries % 100 === 0);
    out.rssGrowthPer100MaxMB =
      hundreds.length > 1 ? Math.max(...hundreds.slice(1).map((a, i) => Number((a.rssMB - hundreds[i]!.rssMB).toFixed(1)))) : null;
  }
  return out;
}

async function run(w: BenchWorld) {
  const db = w.db;
  const t0 = performance.now();
  await seed(db);
  const cookie = await benchAdminCookie(db);

  const config = w.config();
  const portal = await startApp({ config, db, host: '127.0.0.1', port: 0, mail: { start: false } });
  const photos = await seedPhotos(db, portal.app.fileStorage);
  const [textBytes] = await queryRows<{ avg: number }>(db, `select avg(octet_length(answers::text))::int as avg from documentation_forms`);
  const setup = {
    kitas: KITAS,
    formsWithPhoto: photos,
    answersBytesPerForm: textBytes?.avg,
    seedMs: Math.round(performance.now() - t0),
    gc: typeof global.gc === 'function',
  };
  console.log(JSON.stringify({ setup }));
  const base = `${portal.address}/api/admin/documentation/2026-27`;
  const line = (what: string, forms: number, r: Record<string, unknown>) => console.log(JSON.stringify({ export: what, forms, ...r }));

  // (a) the answers of every form, cold (first request of the process for this code path)
  line('answers.csv', KITAS, await download(`${base}/answers.csv`, cookie));
  line('answers.xlsx', KITAS, await download(`${base}/answers.xlsx`, cookie));

  // (b) the ZIP; one form's PDF first, so the PDF code and its fonts are loaded before either ZIP run
  const [first] = await queryRows<{ facility_id: number }>(db, 'select facility_id from documentation_forms order by id limit 1');
  await (await fetch(`${base}/${first!.facility_id}/pdf`, { headers: { cookie } })).arrayBuffer();
  // 100 forms: the others back to draft for this run (the ZIP holds submitted forms only)
  await db.execute(
    sql.raw(`update documentation_forms set state = 'draft' where id not in (select id from documentation_forms order by id limit ${SMALL})`),
  );
  line('forms.zip', SMALL, await download(`${base}/forms.zip`, cookie, true));
  await db.execute(sql.raw(`update documentation_forms set state = 'submitted'`));
  line('forms.zip', KITAS, await download(`${base}/forms.zip`, cookie, true));

  await portal.app.close();
}

await runBench('docexport', run);
