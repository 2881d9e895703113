import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import yazl from 'yazl';

/**
 * Hostile files for the legacy import (issue 33), made on the fly: the tests of server/modules/legacy-imports and the
 * hostile-input run (scripts/legacy-hostile-run.ts) send the same ones. Nothing here is committed as a file.
 */

/**
 * `n` bytes of the letters a and b (one in eight a b) in a fixed random order: text that packs about 6:1 at the
 * fastest compression, far under the bomb ratio (200:1)
 */
export function abText(n: number, seed = 4711): Buffer {
  const out = Buffer.alloc(n);
  let x = seed;
  for (let i = 0; i < n; i++) out[i] = ((x = (x * 1103515245 + 12345) & 0x7fffffff) >> 16) % 8 === 0 ? 0x62 : 0x61;
  return out;
}

export async function zipOf(entries: [string, Buffer | Readable][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, body] of entries) {
    if (Buffer.isBuffer(body)) zip.addBuffer(body, name);
    else zip.addReadStream(body, name, { compressionLevel: 1 });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** every file entry of a ZIP, inflated, in the order the ZIP stores them */
export async function entriesOf(zipBytes: Buffer): Promise<[string, Buffer][]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zipBytes, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const out: [string, Buffer][] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          out.push([entry.fileName, Buffer.concat(chunks)]);
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}

/** an XLSX as exceljs writes it (shared strings), one row per array */
export async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Daten');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The same XLSX with its parts in another order (the format allows any): `last` go to the end in the order given,
 * the others keep theirs. ['xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml'] puts the shared strings after the sheet.
 */
export async function reorderedXlsx(xlsx: Buffer, last: string[]): Promise<Buffer> {
  const entries = await entriesOf(xlsx);
  const rest = entries.filter(([name]) => !last.includes(name));
  const moved = last.flatMap((name) => entries.filter(([n]) => n === name));
  return zipOf([...rest, ...moved]);
}

const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
const ns = 'http://schemas.openxmlformats.org';

/**
 * An XLSX whose header row is KiTa-Name, PLZ, KiTa-Jahr and whose one data row holds a shared string of
 * `chars` letters (random a/b: 50 MB pack into about 8 MB, under the 10 MB upload limit and the bomb ratio; a 1 MB block
 * repeated, farther apart than deflate looks back, so packing it takes a second).
 */
export function xlsxWithLongString(chars: number): Promise<Buffer> {
  function* sharedStrings() {
    yield Buffer.from(`<sst xmlns="${ns}/spreadsheetml/2006/main"><si><t>KiTa-Name</t></si><si><t>PLZ</t></si><si><t>KiTa-Jahr</t></si><si><t>`);
    const block = abText(1024 * 1024);
    for (let at = 0; at < chars; at += block.length) yield block.subarray(0, Math.min(block.length, chars - at));
    yield Buffer.from('</t></si></sst>');
  }
  const cell = (ref: string, s: number) => `<c r="${ref}" t="s"><v>${s}</v></c>`;
  return zipOf([
    [
      '[Content_Types].xml',
      xml(
        `<Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
      ),
    ],
    [
      '_rels/.rels',
      xml(
        `<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    ],
    [
      'xl/workbook.xml',
      xml(
        `<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Daten" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    ],
    [
      'xl/_rels/workbook.xml.rels',
      xml(
        `<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    ],
    ['xl/sharedStrings.xml', Readable.from(sharedStrings())],
    [
      'xl/worksheets/sheet1.xml',
      xml(
        `<worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData><row r="1">${cell('A1', 0)}${cell('B1', 1)}${cell('C1', 2)}</row><row r="2">${cell('A2', 3)}<c r="B2"><v>80331</v></c><c r="C2" t="inlineStr"><is><t>2016-17</t></is></c></row></sheetData></worksheet>`,
      ),
    ],
  ]);
}

/** a CSV of one line of `bytes` letters: no line break anywhere (9 MB stalled the portal 2.75 s before issue 33) */
export const oneLineCsv = (bytes: number) => abText(bytes);
