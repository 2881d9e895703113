import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Column } from './export-format';
import { MAX_WIDTH, MIN_WIDTH, xlsxStream } from './xlsx-stream';

type Row = { title: string; startsAt: Date; day: string; at: Date; n: number; note: string | null };
const columns: Column<Row>[] = [
  { header: 'Veranstaltung', value: (r) => r.title },
  { header: 'Datum', value: (r) => r.startsAt, kind: 'date' },
  { header: 'Beginn', value: (r) => r.startsAt, kind: 'time' },
  { header: 'Tag', value: (r) => r.day, kind: 'date' },
  { header: 'Angemeldet am', value: (r) => r.at, kind: 'datetime' },
  { header: 'Nr', value: (r) => r.n, kind: 'number' },
  { header: 'Bemerkung', value: (r) => r.note },
];

async function* batchesOf<T>(rows: T[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function readBack(rows: Row[], size = 2) {
  const chunks: Buffer[] = [];
  for await (const c of xlsxStream('Liste', columns, batchesOf(rows, size), (err) => {
    throw err;
  }))
    chunks.push(c as Buffer);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb.getWorksheet('Liste')!;
}

const row = (i: number, extra: Partial<Row> = {}): Row => ({
  title: `Termin ${i}`,
  // 08:30 UTC in March = 09:30 in Berlin; 07:05 UTC in July = 09:05 summer time
  startsAt: i % 2 ? new Date('2027-03-10T08:30:00Z') : new Date('2027-07-01T07:05:00Z'),
  day: '2027-02-10',
  at: new Date('2026-11-26T14:45:00Z'),
  n: i,
  note: null,
  ...extra,
});

describe('xlsxStream (issue 19: the export as a person opens it)', () => {
  it('given rows in batches, the header is frozen and filtered, the widths fit the content, times are time cells', async () => {
    const sheet = await readBack([
      row(1, { title: 'Fortbildung Naturerlebnisraum im Augsburger Lechviertel' }),
      row(2),
      row(3, { note: 'x'.repeat(500) }),
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font).toMatchObject({ bold: true });
    // the autofilter covers the header and every row (A1:G4), so sorting in the spreadsheet keeps rows together
    expect(sheet.autoFilter).toBe('A1:G4');
    const widths = sheet.columns.map((c) => c.width);
    // the title's 55 characters (+1); "Datum", "Beginn": the header and its filter button; the note capped
    expect(widths).toEqual([56, 11, 9, 11, 17, MIN_WIDTH, MAX_WIDTH]);
    const begin = sheet.getRow(2).getCell(3);
    expect(begin.type).toBe(ExcelJS.ValueType.Date);
    expect(begin.numFmt).toBe('hh:mm');
    // a pure time of day: day 0 of the spreadsheet epoch plus 09:30 Berlin time
    expect((begin.value as Date).toISOString()).toBe('1899-12-30T09:30:00.000Z');
    expect((sheet.getRow(3).getCell(3).value as Date).toISOString()).toBe('1899-12-30T09:05:00.000Z');
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('dd.mm.yyyy');
    expect((sheet.getRow(2).getCell(2).value as Date).toISOString()).toBe('2027-03-10T00:00:00.000Z');
    expect((sheet.getRow(2).getCell(4).value as Date).toISOString()).toBe('2027-02-10T00:00:00.000Z');
    const at = sheet.getRow(2).getCell(5);
    expect([at.type, at.numFmt, (at.value as Date).toISOString()]).toEqual([ExcelJS.ValueType.Date, 'dd.mm.yyyy hh:mm', '2026-11-26T15:45:00.000Z']);
    expect(sheet.getRow(2).getCell(6).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.rowCount).toBe(4);
  });

  it('given no rows, the header alone is filtered and its columns fit the headers', async () => {
    const sheet = await readBack([]);
    expect(sheet.autoFilter).toBe('A1:G1');
    expect(sheet.columns.map((c) => c.width)).toEqual([16, MIN_WIDTH, 9, MIN_WIDTH, 16, MIN_WIDTH, 12]);
  });

  it('given more rows than it fits to, later rows still come and the widths come from the first ones', async () => {
    const rows = Array.from({ length: 450 }, (_, i) => row(i + 1, i === 449 ? { title: 'y'.repeat(40) } : {}));
    const sheet = await readBack(rows, 100);
    expect(sheet.rowCount).toBe(451);
    expect(sheet.getRow(451).getCell(1).value).toBe('y'.repeat(40));
    expect(sheet.columns[0]!.width).toBe(16);
    expect(sheet.autoFilter).toBe('A1:G451');
  });

  it('given a yes/no column, the cells read "Ja"/"Nein" as on screen and in the CSV; headers are named and aligned with their column', async () => {
    const chunks: Buffer[] = [];
    const yesNo: Column<{ name: string; enrolled: boolean; n: number }>[] = [
      { header: 'Name', value: (r) => r.name },
      { header: 'Angemeldet', value: (r) => r.enrolled },
      { header: 'Kinder', value: (r) => r.n, kind: 'number' },
      // no kind, but numbers (an id): right-aligned in the sheet, so its header too
      { header: 'ID', value: (r) => r.n * 10 },
    ];
    const rows = [
      { name: 'Sonnenschein', enrolled: true, n: 12 },
      { name: 'Regenbogen', enrolled: false, n: 3 },
    ];
    for await (const c of xlsxStream('Liste', yesNo, batchesOf(rows, 2), (err) => {
      throw err;
    }))
      chunks.push(c as Buffer);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Liste')!;
    expect([sheet.getRow(2).getCell(2).value, sheet.getRow(3).getCell(2).value]).toEqual(['Ja', 'Nein']);
    // LibreOffice shows a font without a name in its default serif
    expect(sheet.getRow(1).getCell(1).font).toMatchObject({ name: 'Calibri', bold: true });
    expect([1, 2, 3, 4].map((i) => sheet.getRow(1).getCell(i).alignment?.horizontal)).toEqual([undefined, undefined, 'right', 'right']);
  });
});
