import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { afterAll, describe, expect, it } from 'vitest';
import { CSV_RECORD_CHARS, decodeText, detectEncoding, LEGACY_LIMITS, LegacyFileError, parseCsv, parseXlsx, sniffSeparator } from './legacy-file';
import { guessColumns, normaliseName, parseDate, parseSeason, readRow } from './legacy-rows';
import { abText } from '../../testing/hostile-legacy-files';
import { checkZip, ZIP_LIMITS } from './zip-guard';

// "Kita Sonnenblume – Bärengruppe;80802;München;2021-22;Spende 5 €" as German Excel writes it (Windows-1252):
// ä = 0xE4, ü = 0xFC, en dash = 0x96, euro = 0x80; 0x96 and 0x80 are control characters in Latin-1
const cp1252Line = Buffer.from([
  ...Buffer.from('Kita Sonnenblume '),
  0x96,
  ...Buffer.from(' B'),
  0xe4,
  ...Buffer.from('rengruppe;80802;M'),
  0xfc,
  ...Buffer.from('nchen;2021-22;Spende 5 '),
  0x80,
]);
const cp1252Header = Buffer.from('KiTa-Name;PLZ;Ort;KiTa-Jahr;Bemerkung\r\n');

const dir = await mkdtemp(path.join(tmpdir(), 'legacy-file-test-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('encoding and separator of a legacy CSV', () => {
  it('given Windows-1252 bytes with umlauts, en dash 0x96 and euro 0x80, decodes them as Excel meant them', () => {
    const buf = Buffer.concat([cp1252Header, cp1252Line, Buffer.from('\r\n')]);
    expect(detectEncoding(buf).encoding).toBe('windows-1252');
    const sheet = parseCsv(buf);
    expect(sheet.separator).toBe(';');
    expect(sheet.headers).toEqual(['KiTa-Name', 'PLZ', 'Ort', 'KiTa-Jahr', 'Bemerkung']);
    expect(sheet.rows[0]!.cells).toEqual(['Kita Sonnenblume – Bärengruppe', '80802', 'München', '2021-22', 'Spende 5 €']);
    expect(sheet.rows[0]!.rowNo).toBe(2);
  });

  it('given UTF-16 LE with its byte-order mark (Excel\'s "Unicode-Text", tab separated), reads it', () => {
    const text = 'KiTa-Name\tPLZ\tKiTa-Jahr\r\nKita Bärenhöhle – Süd\t90402\t2022/23\r\n';
    const buf = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(buf.subarray(0, 6)).toEqual(Buffer.from([0xff, 0xfe, 0x4b, 0x00, 0x69, 0x00]));
    expect(detectEncoding(buf)).toEqual({ encoding: 'utf16le', bom: 2 });
    const sheet = parseCsv(buf);
    expect(sheet.separator).toBe('\t');
    expect(sheet.rows[0]!.cells).toEqual(['Kita Bärenhöhle – Süd', '90402', '2022/23']);
  });

  it('given UTF-16 BE with its byte-order mark, reads it', () => {
    const le = Buffer.from('Name,PLZ\r\nKita Ä,80802\r\n', 'utf16le');
    const be = Buffer.from(le).swap16();
    const { text, encoding } = decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    expect(encoding).toBe('utf16be');
    expect(text).toBe('Name,PLZ\r\nKita Ä,80802\r\n');
  });

  it('given UTF-8 with and without BOM, reads both the same (ä = C3 A4)', () => {
    const body = Buffer.from([...Buffer.from('Name,PLZ\nKita B'), 0xc3, 0xa4, ...Buffer.from('r,80802\n')]);
    expect(detectEncoding(body).encoding).toBe('utf8');
    expect(parseCsv(body).rows[0]!.cells).toEqual(['Kita Bär', '80802']);
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]);
    expect(detectEncoding(withBom)).toEqual({ encoding: 'utf8', bom: 3 });
    expect(parseCsv(withBom).headers).toEqual(['Name', 'PLZ']);
  });

  it('given quoted cells with separators, quotes and line breaks and CRLF, keeps each cell whole', () => {
    const text = 'KiTa-Name;PLZ;Bemerkung\r\n"Kita ""Regenbogen""; Nord";80802;"erste Zeile\r\nzweite Zeile"\r\nKita Süd;80331;\r\n';
    const sheet = parseCsv(Buffer.from(text));
    expect(sheet.rows.map((r) => r.cells)).toEqual([
      ['Kita "Regenbogen"; Nord', '80802', 'erste Zeile\r\nzweite Zeile'],
      ['Kita Süd', '80331', ''],
    ]);
    // the row numbers are the spreadsheet's rows, not the lines of the text
    expect(sheet.rows.map((r) => r.rowNo)).toEqual([2, 3]);
  });

  it('sniffs the separator from the first record, outside quotes; ; wins a tie', () => {
    expect(sniffSeparator('a,b,c\n1;2')).toBe(',');
    expect(sniffSeparator('"a;b",c,d\n')).toBe(',');
    expect(sniffSeparator('a;b,c\n')).toBe(';');
    expect(sniffSeparator('a\tb\tc\n')).toBe('\t');
  });

  it('given hostile content, says what it is', () => {
    const code = (buf: Buffer) => {
      try {
        parseCsv(buf);
        return 'ok';
      } catch (err) {
        return err instanceof LegacyFileError ? err.code : String(err);
      }
    };
    expect(code(Buffer.alloc(0))).toBe('empty');
    expect(code(Buffer.from('\r\n\r\n  \r\n'))).toBe('empty');
    expect(code(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBe('pdf');
    // random bytes (a fixed sequence, so the test is the same every run)
    const random = Buffer.alloc(4096);
    let x = 12345;
    for (let i = 0; i < random.length; i++) random[i] = (x = (x * 1103515245 + 12345) & 0x7fffffff) >> 16;
    expect(code(random)).toBe('not_text');
  });
});

describe('bounded and clean cells (issue 33)', () => {
  // 40 ordinary rows, so the few control characters stay below what makes a file binary (looksLikeText)
  const filler = Array.from({ length: 40 }, (_, i) => `Kita Füllzeile ${i};80331;2016-17`);
  const refusal = (read: () => unknown) => {
    try {
      read();
      return 'ok';
    } catch (err) {
      return err instanceof LegacyFileError ? [err.code, ...err.args] : String(err);
    }
  };

  it('given a CSV of one 9 MB line, stops reading it at the record bound and names the line', () => {
    const line = Buffer.alloc(9 * 1024 * 1024, 'a');
    expect(refusal(() => parseCsv(line))).toEqual(['record_too_long', 1, CSV_RECORD_CHARS]);
    const later = Buffer.concat([Buffer.from('KiTa-Name;PLZ;KiTa-Jahr\r\nKita A;80331;2016-17\r\n'), line]);
    expect(refusal(() => parseCsv(later))).toEqual(['record_too_long', 3, CSV_RECORD_CHARS]);
  });

  it('given a header over the bound or with a control character, refuses the file and names the column', () => {
    const long = 'x'.repeat(LEGACY_LIMITS.cellChars + 1);
    expect(refusal(() => parseCsv(Buffer.from(`KiTa-Name;PLZ;${long}\r\nKita A;80331;x\r\n`)))).toEqual([
      'header_too_long',
      3,
      LEGACY_LIMITS.cellChars,
    ]);
    expect(refusal(() => parseCsv(Buffer.from(['KiTa-Name;P\u001bLZ;KiTa-Jahr', ...filler].join('\r\n'))))).toEqual(['header_chars', 2]);
    // exactly at the bound is a header like any other
    expect(parseCsv(Buffer.from(`KiTa-Name;${'y'.repeat(LEGACY_LIMITS.cellChars)}\r\nKita A;80331\r\n`)).headers[1]).toHaveLength(
      LEGACY_LIMITS.cellChars,
    );
  });

  it('given a cell over the bound, with ESC, BEL, a C1 control or a right-to-left override, refuses the row, keeps that cell empty and reads the others', () => {
    const long = 'z'.repeat(LEGACY_LIMITS.cellChars + 1);
    const text = [
      'KiTa-Name;PLZ;Bemerkung',
      `Kita Lang;80331;${long}`,
      'Kita \u001b[31mRot;80331;',
      'Kita Glocke\u0007;80331;',
      'Kita Next Line;80331;a\u0085b',
      'Kita \u202eetlaH;80331;',
      '  Kita Gut  ;80331;"zwei\r\nZeilen"',
      ...filler,
    ].join('\r\n');
    const sheet = parseCsv(Buffer.from(text));
    expect(sheet.rows.slice(0, 6).map((r) => [r.rowNo, r.cells, r.refused?.replace(/ und wurde nicht gelesen.*/, '')])).toEqual([
      [2, ['Kita Lang', '80331', ''], `Die Zelle in Spalte 3 hat mehr als ${LEGACY_LIMITS.cellChars} Zeichen`],
      [3, ['', '80331', ''], 'Die Zelle in Spalte 1 enthält Steuerzeichen oder ungültige Zeichen'],
      [4, ['', '80331', ''], 'Die Zelle in Spalte 1 enthält Steuerzeichen oder ungültige Zeichen'],
      [5, ['Kita Next Line', '80331', ''], 'Die Zelle in Spalte 3 enthält Steuerzeichen oder ungültige Zeichen'],
      [6, ['', '80331', ''], 'Die Zelle in Spalte 1 enthält Steuerzeichen oder ungültige Zeichen'],
      // trimmed as typed text is; a line break is fine in a cell (a one-line field refuses it when the row is read)
      [7, ['Kita Gut', '80331', 'zwei\r\nZeilen'], undefined],
    ]);
  });

  it('given a line break or tab in a one-line field, says so; in the remark it is kept', () => {
    const { errors, values } = readRow(['Kita\nNord', '80802', '2021/22', 'erste\nzweite'], ['label', 'postalCode', 'season', 'remark']);
    expect(errors).toEqual({
      label: 'Hier steht ein Zeilenumbruch oder Tabulator, das Feld ist aber einzeilig. Entferne ihn.',
    });
    expect(values.remark).toBe('erste\nzweite');
  });

  it('given a ZIP whose shared strings hold one text far over the bound, refuses it while inflating, before exceljs reads it', async () => {
    const zip = new yazl.ZipFile();
    const huge = Buffer.concat([Buffer.from('<sst><si><t>'), abText(ZIP_LIMITS.textRunBytes + 1), Buffer.from('</t></si></sst>')]);
    zip.addBuffer(huge, 'xl/sharedStrings.xml');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    const file = path.join(dir, 'long-string.xlsx');
    await writeFile(file, Buffer.concat(chunks));
    await expect(checkZip(file)).rejects.toMatchObject({ code: 'cell_too_long', args: [LEGACY_LIMITS.cellChars] });
    // the same text cut into XML runs under the bound passes the ZIP check (the cell bound refuses the row later)
    const split = Buffer.concat([
      Buffer.from('<sst>'),
      ...Array.from({ length: 200 }, (_, i) => Buffer.concat([Buffer.from('<si><t>'), abText(1000, i + 1), Buffer.from('</t></si>')])),
      Buffer.from('</sst>'),
    ]);
    const ok = new yazl.ZipFile();
    ok.addBuffer(split, 'xl/sharedStrings.xml');
    ok.end();
    const okChunks: Buffer[] = [];
    for await (const c of ok.outputStream) okChunks.push(c as Buffer);
    await writeFile(file, Buffer.concat(okChunks));
    await expect(checkZip(file)).resolves.toBeUndefined();
  });
});

describe('reading the cells of a row', () => {
  it('guesses the mapping from German headers', () => {
    expect(
      guessColumns(['KiTa-Name', 'PLZ', 'Ort', 'Straße', 'Träger', 'KiTa-Jahr', 'angemeldet am', 'Projektthema', 'ausgezeichnet', 'Sonstiges']),
    ).toEqual(['label', 'postalCode', 'city', 'street', 'operatorName', 'season', 'enrolledOn', 'topic', 'awarded', null]);
  });

  it('reads seasons as identifiers and labels, dates German and ISO, and refuses what does not exist', () => {
    expect(parseSeason('2021-22')?.identifier).toBe('2021-22');
    expect(parseSeason('2021/22')).toEqual({ identifier: '2021-22', label: 'KiTa-Jahr 2021/22', startYear: 2021 });
    expect(parseSeason('KiTa-Jahr 2019/2020')?.identifier).toBe('2019-20');
    expect(parseSeason('2021-23')).toBeNull();
    expect(parseSeason('letztes Jahr')).toBeNull();
    expect(parseDate('05.03.2021')).toBe('2021-03-05');
    expect(parseDate('5.3.21')).toBe('2021-03-05');
    expect(parseDate('2021-03-05')).toBe('2021-03-05');
    expect(parseDate('31.02.2021')).toBe('impossible');
    expect(parseDate('irgendwann')).toBe('unreadable');
    expect(normaliseName('KiTa „Sonnenschein“')).toBe(normaliseName('Kindergarten Sonnenschein'));
  });

  it('gives a German message per wrong cell', () => {
    const columns = ['label', 'postalCode', 'season', 'enrolledOn', 'awarded'] as const;
    const { errors } = readRow(['Kita Nord', '8080', '21/22', '30.02.2021', 'vielleicht'], [...columns]);
    expect(errors).toEqual({
      postalCode: 'Die PLZ „8080“ hat nicht genau 5 Ziffern. Trag die fünfstellige PLZ der KiTa ein.',
      season: 'Das KiTa-Jahr „21/22“ ist unbekannt und lässt sich nicht lesen. Schreib es so: 2021-22 oder 2021/22.',
      enrolledOn: 'Das Datum „30.02.2021“ gibt es nicht. Korrigiere es oder lass das Feld leer.',
      awarded: '„vielleicht“ ist weder „ja“ noch „nein“. Schreib „ja“ oder „nein“, oder lass das Feld leer.',
    });
  });
});

describe('XLSX', () => {
  it('given real date cells, text dates and a formula, reads dates as days and the formula as its cached value', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Daten');
    ws.addRow(['KiTa-Name', 'PLZ', 'KiTa-Jahr', 'angemeldet am', 'Bemerkung']);
    ws.addRow(['Kita Nord', '80802', '2021/22', new Date(Date.UTC(2021, 9, 4)), { formula: 'HYPERLINK("http://evil.example")', result: 'harmlos' }]);
    ws.addRow(['Kita Süd', 80331, '2022-23', '12.10.2022', { formula: '1+1', result: 2 }]);
    const file = path.join(dir, 'dates.xlsx');
    await wb.xlsx.writeFile(file);
    await checkZip(file);
    const sheet = await parseXlsx(file);
    expect(sheet.rows.map((r) => r.cells)).toEqual([
      ['Kita Nord', '80802', '2021/22', '2021-10-04', 'harmlos'],
      ['Kita Süd', '80331', '2022-23', '12.10.2022', '2'],
    ]);
  });

  it('given a ZIP that inflates far beyond its size, stops at the limit', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.alloc(5 * 1024 * 1024), 'xl/worksheets/sheet1.xml');
    const chunks: Buffer[] = [];
    zip.end();
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    const file = path.join(dir, 'bomb.xlsx');
    await writeFile(file, Buffer.concat(chunks));
    await expect(checkZip(file)).rejects.toMatchObject({ code: 'zip_bomb' });
    await expect(checkZip(file, { entries: 10, entryBytes: 1024 * 1024, totalBytes: 1024 * 1024, ratio: 1e9 })).rejects.toMatchObject({
      code: 'zip_bomb',
    });
  });
});
