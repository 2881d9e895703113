// The load side of scripts/bench/legacy-hostile.ts, in a child process: makes each hostile file, says "next", and on
// "go" uploads it (the form the browser sends) while GET /api/loginstatus is probed every 50 ms until every upload of
// the file has answered.
import { performance } from 'node:perf_hooks';
import iconv from 'iconv-lite';
import { oneLineCsv, reorderedXlsx, xlsxOf, xlsxWithLongString } from '../../server/testing/hostile-legacy-files';
import type { HostileResult } from './legacy-hostile';

const setup = await new Promise<{ base: string; cookie: string }>((resolve) => process.once('message', resolve as never));
const { base, cookie } = setup;
const send = (m: unknown) => new Promise<void>((resolve) => process.send!(m, () => resolve()));
const go = () => new Promise<void>((resolve) => process.once('message', () => resolve()));

const header = 'KiTa-Name;PLZ;Ort;KiTa-Jahr;angemeldet am;ausgezeichnet;Bemerkung';
const csv = (lines: string[]) => iconv.encode([header, ...lines].join('\r\n') + '\r\n', 'windows-1252');

type Case = { file: string; name: string; make: () => Promise<Buffer> | Buffer; parallel?: number };
const cases: Case[] = [
  { file: 'CSV, one line of 9 MB', name: 'eine-zeile.csv', make: () => oneLineCsv(9 * 2 ** 20) },
  { file: 'XLSX, one 50 MB shared string', name: 'lange-zelle.xlsx', make: () => xlsxWithLongString(50 * 2 ** 20) },
  { file: 'XLSX, one 50 MB shared string, 3 at once', name: 'lange-zelle.xlsx', make: () => xlsxWithLongString(50 * 2 ** 20), parallel: 3 },
  {
    file: 'CSV, a 120,000-character header',
    name: 'lange-ueberschrift.csv',
    make: () => Buffer.from(`KiTa-Name;PLZ;KiTa-Jahr;${'x'.repeat(119_000)}\r\nKita A;80331;2016-17;\r\n`),
  },
  {
    file: 'CSV, 5,000 rows with a 2,001-character cell, ESC and BEL',
    name: 'zellen.csv',
    make: () =>
      csv(
        Array.from({ length: 5000 }, (_, i) =>
          i % 3 === 0
            ? `Kita Lang ${i};80331;München;2016/17;;;${'x'.repeat(2001)}`
            : i % 3 === 1
              ? `Kita \u001b[31mRot ${i};80331;München;2016/17;;;`
              : `Kita Glocke\u0007 ${i};80331;München;2016/17;;;`,
        ),
      ),
  },
  {
    file: 'CSV, 20,000 good rows (10 MB)',
    name: 'viele-zeilen.csv',
    make: () =>
      csv(Array.from({ length: 20_000 }, (_, i) => `Kita Reihe ${i};${80000 + (i % 999)};München;2016/17;01.10.2016;ja;${'Bemerkung '.repeat(43)}`)),
  },
  {
    file: 'XLSX, shared strings after the sheet',
    name: 'umsortiert.xlsx',
    make: async () =>
      reorderedXlsx(
        await xlsxOf([
          ['KiTa-Name', 'PLZ', 'Ort', 'KiTa-Jahr'],
          ...Array.from({ length: 2000 }, (_, i) => [`Kita Xlsx ${i}`, '80331', 'München', '2016/17']),
        ]),
        ['xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml'],
      ),
  },
  { file: 'CSV, file name with a right-to-left override', name: 'alt\u202Evsc.exe', make: () => csv(['Kita X;80331;München;2016/17;;;']) },
];

// HOSTILE_ONLY=<part of a file's description> sends only the matching files
const only = process.env.HOSTILE_ONLY;
for (const c of cases.filter((x) => !only || x.file.includes(only))) {
  const body = await c.make();
  await send({ next: true });
  await go();
  const probes: HostileResult['probes'] = [];
  let uploading = true;
  const prober = (async () => {
    while (uploading) {
      const start = performance.now();
      const res = await fetch(`${base}/api/loginstatus`, { headers: { cookie } });
      await res.arrayBuffer();
      probes.push({ status: res.status, ms: performance.now() - start });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const uploadOnce = async (): Promise<HostileResult['uploads'][number]> => {
    const form = new FormData();
    form.append('datei', new Blob([new Uint8Array(body)]), c.name);
    const start = performance.now();
    const res = await fetch(`${base}/api/admin/legacy-imports`, { method: 'POST', body: form, headers: { cookie, origin: base } });
    const json = (await res.json()) as { reason?: { message?: string } };
    return { status: res.status, ms: Math.round(performance.now() - start), message: json.reason?.message };
  };
  const uploads = await Promise.all(Array.from({ length: c.parallel ?? 1 }, uploadOnce));
  uploading = false;
  await prober;
  await send({ file: c.file, bytes: body.length, uploads, probes } satisfies HostileResult);
}
await send({ done: true });
process.exit(0);
