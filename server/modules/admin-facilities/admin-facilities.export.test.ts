import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../lib/export-format';
import { createFacility, enrol } from '../../testing/factories';
import { facilityFixture } from '../../testing/facility-fixture';
import { createTestWorld } from '../../testing/test-world';

// 23:30 UTC on 31 Jan 2026 is 1 Feb 00:30 in Berlin: German dates must show Berlin time
const created = new Date('2026-01-31T23:30:00Z');
const updated = new Date('2026-07-15T08:05:00Z'); // summer time: 10:05 in Berlin
const f = createTestWorld(async () => {
  const f = await facilityFixture();
  const tricky = await createFacility(f.db, {
    label: '=HYPERLINK("http://böse.example")',
    kind: 'Großtagespflege',
    street: '\tTabstraße 1',
    postalCode: '97072',
    city: 'Würzburg; "Nord"',
    region: 'Unterfranken',
    operatorName: '-Träger e. V.',
    operatorKind: 'frei gemeinnützig',
    phone: '+49 931 123',
    email: '@mail.example',
    website: '',
    childrenCount: 12,
    staffCount: null,
    createdAt: created,
    updatedAt: updated,
  });
  await enrol(f.db, tricky.id, f.season.id);
  return { ...f, trickyId: tricky.id };
});

describe('CSV (Excel) cells', () => {
  it('given values, dates are German in Berlin time, numbers use a decimal comma, formulas are neutralised and cells quoted where needed', () => {
    expect(csvCell(new Date('2026-01-31T23:30:00Z'))).toBe('01.02.2026 00:30');
    expect(csvCell(new Date('2026-01-31T23:30:00Z'), 'date')).toBe('01.02.2026');
    expect(csvCell('2026-03-04', 'date')).toBe('04.03.2026');
    expect(csvCell(3.5)).toBe('3,5');
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(true)).toBe('Ja');
    expect(csvCell(null)).toBe('');
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${lead}1`).replace(/^"|"$/g, '').startsWith(`'${lead}`)).toBe(true);
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('sagt "hallo"')).toBe('"sagt ""hallo"""');
    expect(csvCell('zwei\nZeilen')).toBe('"zwei\nZeilen"');
    expect(csvCell('Grüße')).toBe('Grüße');
  });
});

describe('export of the admin KiTa list', () => {
  it('given the filtered list, the CSV is UTF-8 with BOM, ; separated, CRLF, German dates, neutralised formulas and umlauts intact', async () => {
    const res = await f.call('admin', { method: 'GET', url: '/api/admin/facilities/export.csv?q=97072' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kitas-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      'ID;Name;Art;Straße;PLZ;Ort;Regierungsbezirk;Träger;Trägerart;Telefon;E-Mail;Webseite;Kinder;Mitarbeitende;Mitglieder;Personal;Angemeldet;Angelegt am;Zuletzt geändert',
    );
    expect(lines[1]).toBe(
      `${f.trickyId};"'=HYPERLINK(""http://böse.example"")";Großtagespflege;'\tTabstraße 1;97072;"Würzburg; ""Nord""";Unterfranken;'-Träger e. V.;frei gemeinnützig;'+49 931 123;'@mail.example;;12;;0;0;Ja;01.02.2026 00:30;15.07.2026 10:05`,
    );
    expect(lines[2]).toBe('');
  });

  it('given the same filters, the XLSX holds the same rows with real date cells, umlauts and text that is never a formula', async () => {
    const res = await f.call('admin', { method: 'GET', url: '/api/admin/facilities/export.xlsx?sort=label' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('KiTas')!;
    expect(sheet.getRow(1).getCell(4).value).toBe('Straße');
    expect(sheet.rowCount).toBe(4); // header + the fixture's two KiTas + the tricky one
    const rows = [2, 3, 4].map((n) => sheet.getRow(n));
    const tricky = rows.find((r) => r.getCell(1).value === f.trickyId)!;
    expect(tricky.getCell(2).value).toBe('=HYPERLINK("http://böse.example")');
    expect(tricky.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(tricky.getCell(6).value).toBe('Würzburg; "Nord"');
    expect(tricky.getCell(13).value).toBe(12);
    const createdCell = tricky.getCell(18);
    expect(createdCell.type).toBe(ExcelJS.ValueType.Date);
    expect((createdCell.value as Date).toISOString()).toBe('2026-02-01T00:30:00.000Z');
    expect(createdCell.numFmt).toBe('dd.mm.yyyy hh:mm');
    expect((tricky.getCell(19).value as Date).toISOString()).toBe('2026-07-15T10:05:00.000Z');
    // "Angemeldet" reads as on screen and in the CSV, not as a spreadsheet's TRUE/FALSE
    expect(tricky.getCell(17).value).toBe('Ja');
  });

  it('given filters, the export holds only the filtered rows', async () => {
    const res = await f.call('admin', { method: 'GET', url: '/api/admin/facilities/export.csv?region=Schwaben' });
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(';Kita Lechauen;');
  });
});
