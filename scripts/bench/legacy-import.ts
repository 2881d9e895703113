// Issue 24 targets, measured (never asserted in tests), on PostgreSQL: a legacy file of 5,000 rows (Windows-1252, `;`,
// as German Excel saves it) against 2,000 KiTas: preview (upload → parse thread → matching → rows stored) <= 5 s,
// commit <= 5 s, undo <= 5 s, and the peak RSS growth of this process during each (sampled every 5 ms, after gc).
// The rows: 40 % name an existing KiTa exactly, 20 % a similar name (trigram candidates), 40 % KiTas that are new
// (500 KiTas over 4 seasons each); 1 % carry an error. BENCH_ROWS, BENCH_KITAS change the sizes; BENCH_PG_URL the server.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import iconv from 'iconv-lite';
import { facilities } from '../../server/modules/facilities/facilities.table';
import { commitImport, undoImport, uploadLegacyFile } from '../../server/modules/legacy-imports/legacy-imports.service';
import { createSeason, createUser } from '../../server/testing/factories';
import { mb, rssSampler, runBench } from './kit';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const KITAS = Number(process.env.BENCH_KITAS ?? 2000);
const seasons = ['2019/20', '2020/21', '2021/22', '2022/23', '2023/24', '2024/25'];

async function measure<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const rss = rssSampler();
  const start = performance.now();
  try {
    return await fn();
  } finally {
    const ms = Math.round(performance.now() - start);
    const peak = rss.stop();
    console.log(JSON.stringify({ step: what, rows: ROWS, ms, target: 'ms <= 5000', rssGrowthMb: mb(peak - rss.before), rssPeakMb: mb(peak) }));
  }
}

function legacyCsv(): Buffer {
  const lines = [
    'KiTa-Name;PLZ;Ort;Straße;Träger;KiTa-Jahr;angemeldet am;Projektthema;dokumentiert;ausgezeichnet;Auszeichnungsveranstaltung;Bemerkung',
  ];
  for (let i = 0; i < ROWS; i++) {
    const season = seasons[i % seasons.length]!;
    const year = Number(season.slice(0, 4));
    let name: string;
    let plz: string;
    if (i % 5 < 2) {
      const k = (i * 7) % KITAS; // an existing KiTa, exactly
      [name, plz] = [`Kindergarten Bärenhöhle ${k}`, String(80000 + (k % 900)).padStart(5, '0')];
    } else if (i % 5 === 2) {
      const k = (i * 11) % KITAS; // a similar name
      [name, plz] = [`Kita Bärenhöhle ${k} – Süd`, String(80000 + (k % 900)).padStart(5, '0')];
    } else {
      const k = Math.floor(i / 4) % 500; // a KiTa that is new, over several seasons
      [name, plz] = [`Altkita Sonnenblume ${k}`, String(90000 + k)];
    }
    const error = i % 100 === 99;
    lines.push(
      [
        name,
        error ? '123' : plz,
        'München',
        'Hauptstraße 1',
        'Stadt München',
        season,
        `0${(i % 9) + 1}.10.${year}`,
        'Ernährung',
        'ja',
        i % 3 === 0 ? 'ja' : 'nein',
        'Süd – München',
        'Spende 5 €',
      ].join(';'),
    );
  }
  return iconv.encode(lines.join('\r\n') + '\r\n', 'windows-1252');
}

await runBench('legacy-import', async ({ db, dataDir: dir }) => {
  await createSeason(db, { identifier: '2026-27', label: 'KiTa-Jahr 2026/27', isCurrent: true, startDate: '2026-09-01', endDate: '2027-08-31' });
  const admin = await createUser(db, { isAdmin: true });
  for (let at = 0; at < KITAS; at += 1000) {
    await db.insert(facilities).values(
      Array.from({ length: Math.min(1000, KITAS - at) }, (_, j) => {
        const k = at + j;
        return {
          label: `Kindergarten Bärenhöhle ${k}`,
          kind: 'Kindergarten',
          postalCode: String(80000 + (k % 900)),
          city: 'München',
          region: 'Oberbayern',
        };
      }),
    );
  }
  const file = path.join(dir, 'alt.csv');
  const body = legacyCsv();
  writeFileSync(file, body);
  console.log(JSON.stringify({ file: 'alt.csv', rows: ROWS, bytes: body.length, kitas: KITAS }));
  const ctx = { actorUserId: admin.id, requestId: null, ip: null };
  const imp = await measure('preview', () => uploadLegacyFile(db, { path: file, size: body.length }, 'alt.csv', ctx));
  console.log(JSON.stringify({ counts: imp.counts }));
  const committed = await measure('commit', () => commitImport(db, imp.id, ctx));
  console.log(JSON.stringify({ created: committed.created }));
  await measure('undo', () => undoImport(db, imp.id, ctx));
});
