import { Readable } from 'node:stream';
import chardet from 'chardet';
import { CsvError, parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { legacyCellMax } from '../../../src/shared/contracts/legacy-imports';
import { isCleanText } from '../../../src/shared/contracts/text';
import { refusedCellMessage } from './legacy-rows';
import { orderedXlsx } from './xlsx-parts';

/**
 * Reading a legacy file (issue 24) into a header and rows of text cells. Pure functions without the database; they
 * run in the parse thread (legacy-parse-pool.ts), never on the request's thread.
 *
 * - CSV: the encoding is detected (a byte-order mark first: UTF-8, UTF-16 LE/BE; else chardet; Windows-1252 as Excel
 *   and LibreOffice write it on German Windows, decoded by iconv-lite, since Node's TextDecoder reads 0x80–0x9F as
 *   Latin-1 control characters instead of € and –), the separator sniffed among `;`, `,` and tab from the first
 *   record, quoted cells with line breaks and CRLF read by csv-parse.
 * - XLSX: read by exceljs' streaming reader after the ZIP passed the bomb checks (zip-guard.ts), its parts handed
 *   over in the order the reader needs (xlsx-parts.ts); real date cells become `YYYY-MM-DD`, a formula cell is its
 *   cached result (nothing is evaluated).
 * Every cell and header is bounded and clean before it leaves the parse thread (issue 33): a header longer than
 * `cellChars` or with control characters refuses the file; such a cell refuses its row (the cell is not kept, the
 * row carries the German reason). A file that is none of these fails with a `LegacyFileError` whose code names the
 * catalogue entry.
 */
export const LEGACY_LIMITS = {
  fileBytes: 10 * 1024 * 1024,
  rows: 20_000,
  columns: 60,
  /**
   * the longest cell or header we read: the longest field a row fills (Bemerkung) holds 2,000 characters; a longer
   * cell is no KiTa data, and nothing longer is stored, listed or matched on the request's thread
   */
  cellChars: legacyCellMax,
} as const;

/** a CSV record (line) holds at most every column at its longest: csv-parse stops reading a longer one right there */
export const CSV_RECORD_CHARS = LEGACY_LIMITS.columns * LEGACY_LIMITS.cellChars;

export type LegacyFileErrorCode =
  | 'empty'
  | 'pdf'
  | 'not_text'
  | 'not_xlsx'
  | 'no_header'
  | 'too_many_rows'
  | 'zip_bomb'
  | 'unreadable'
  | 'header_too_long'
  | 'header_chars'
  | 'record_too_long'
  | 'cell_too_long';

export class LegacyFileError extends Error {
  /** `args`: the catalogue message's arguments (a column or line number, a limit) */
  constructor(
    readonly code: LegacyFileErrorCode,
    readonly args: number[] = [],
  ) {
    super(`legacy file: ${code}`);
    this.name = 'LegacyFileError';
  }
}

/**
 * `rowNo`: the row in the spreadsheet (the header is row 1), as the admin finds it when opening the file;
 * `refused`: why the row is not taken (a cell too long or with control characters; that cell is kept empty)
 */
export type SheetRow = { rowNo: number; cells: string[]; refused?: string };
export type Sheet = { headers: string[]; rows: SheetRow[]; encoding?: string; separator?: string };

export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'windows-1252';

const startsWith = (buf: Uint8Array, bytes: number[]) => buf.length >= bytes.length && bytes.every((b, i) => buf[i] === b);

export const isPdf = (buf: Uint8Array) => startsWith(buf, [0x25, 0x50, 0x44, 0x46, 0x2d]);
export const isZip = (buf: Uint8Array) => startsWith(buf, [0x50, 0x4b, 0x03, 0x04]);

/** which encoding a CSV's bytes are in, and how many bytes of byte-order mark to skip */
export function detectEncoding(buf: Buffer): { encoding: TextEncoding; bom: number } {
  if (startsWith(buf, [0xef, 0xbb, 0xbf])) return { encoding: 'utf8', bom: 3 };
  if (startsWith(buf, [0xff, 0xfe])) return { encoding: 'utf16le', bom: 2 };
  if (startsWith(buf, [0xfe, 0xff])) return { encoding: 'utf16be', bom: 2 };
  const sample = buf.subarray(0, 256 * 1024);
  const guess = chardet.detect(sample);
  if (guess === 'UTF-16LE') return { encoding: 'utf16le', bom: 0 };
  if (guess === 'UTF-16BE') return { encoding: 'utf16be', bom: 0 };
  // valid UTF-8 stays UTF-8 whatever the detector's statistics say (a short file with one umlaut)
  if (guess === 'UTF-8' || isValidUtf8(sample)) return { encoding: 'utf8', bom: 0 };
  return { encoding: 'windows-1252', bom: 0 };
}

/** true when the bytes are well-formed UTF-8 (a cut-off sequence at the sample's end counts as well-formed) */
function isValidUtf8(buf: Buffer): boolean {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i]!;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) return false;
    for (let k = 1; k <= need; k++) {
      if (i + k >= buf.length) return true;
      if ((buf[i + k]! & 0xc0) !== 0x80) return false;
    }
    i += need + 1;
  }
  return true;
}

export function decodeText(buf: Buffer): { text: string; encoding: TextEncoding } {
  const { encoding, bom } = detectEncoding(buf);
  const body = buf.subarray(bom);
  const text = encoding === 'utf8' ? body.toString('utf8') : encoding === 'utf16le' ? body.toString('utf16le') : iconv.decode(body, encoding);
  return { text, encoding };
}

/** `;`, `,` or tab: the one that splits the first record most often, outside quotes (`;` wins a tie: German Excel) */
export function sniffSeparator(text: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (let i = 0; i < text.length && i < 64 * 1024; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ';';
  for (const [sep, n] of counts) if (n > counts.get(best)!) best = sep;
  return best;
}

/** a text file has next to no control characters; a binary one (random bytes, an image) has many */
function looksLikeText(text: string): boolean {
  const sample = text.slice(0, 64 * 1024);
  if (sample.includes('\u0000')) return false;
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0xfffd || (code >= 0x7f && code < 0xa0)) control++;
  }
  return control <= sample.length / 200;
}

/** the one cleaning typed text gets too (zod's trim), plus the no-break space spreadsheets put in */
const cleanCell = (v: string) => v.replace(/\u00a0/g, ' ').trim();

/**
 * What is wrong with a cell, by the API's text rule (`isCleanText`; a cell may hold line breaks and tabs, a
 * single-line field refuses them when the row is read, legacy-rows.ts), or null
 */
const cellProblem = (v: string): 'too_long' | 'chars' | null =>
  v.length > LEGACY_LIMITS.cellChars ? 'too_long' : !isCleanText(v, true) ? 'chars' : null;

function toSheet(records: string[][], extra: Omit<Sheet, 'headers' | 'rows'> = {}): Sheet {
  const [head, ...rest] = records;
  const headers = (head ?? []).slice(0, LEGACY_LIMITS.columns).map(cleanCell);
  headers.forEach((h, i) => {
    const problem = cellProblem(h);
    if (problem === 'too_long') throw new LegacyFileError('header_too_long', [i + 1, LEGACY_LIMITS.cellChars]);
    if (problem === 'chars') throw new LegacyFileError('header_chars', [i + 1]);
  });
  if (headers.filter(Boolean).length === 0) throw new LegacyFileError(records.length === 0 ? 'empty' : 'no_header');
  const rows: SheetRow[] = [];
  rest.forEach((r, i) => {
    if (!r.some((c) => c.trim() !== '')) return;
    const cells = r.slice(0, LEGACY_LIMITS.columns).map(cleanCell);
    const at = cells.findIndex((c) => cellProblem(c) !== null);
    if (at < 0) return rows.push({ rowNo: i + 2, cells });
    const refused = refusedCellMessage(at + 1, cellProblem(cells[at]!)!, LEGACY_LIMITS.cellChars);
    rows.push({ rowNo: i + 2, cells: cells.map((c) => (cellProblem(c) ? '' : c)), refused });
  });
  return { headers, rows, ...extra };
}

export function parseCsv(buf: Buffer): Sheet {
  if (buf.length === 0) throw new LegacyFileError('empty');
  if (isPdf(buf)) throw new LegacyFileError('pdf');
  const { text, encoding } = decodeText(buf);
  if (text.trim() === '') throw new LegacyFileError('empty');
  if (!looksLikeText(text)) throw new LegacyFileError('not_text');
  const separator = sniffSeparator(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: separator,
      relax_column_count: true,
      relax_quotes: true,
      to_line: LEGACY_LIMITS.rows + 2,
      // a line longer than every column at its longest (a 9 MB file in one line) is refused where it passes the bound
      max_record_size: CSV_RECORD_CHARS,
    }) as string[][];
  } catch (err) {
    if (err instanceof CsvError && err.code === 'CSV_MAX_RECORD_SIZE')
      throw new LegacyFileError('record_too_long', [Number((err as { lines?: number }).lines ?? 1), CSV_RECORD_CHARS]);
    throw new LegacyFileError('unreadable');
  }
  if (records.length > LEGACY_LIMITS.rows + 1) throw new LegacyFileError('too_many_rows');
  return toSheet(records, { encoding, separator });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** one exceljs cell value as text: dates as YYYY-MM-DD, formulas as their cached result, rich text joined */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // exceljs reads a date serial as a UTC moment; the calendar day is its UTC date
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    if ('result' in value || 'formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      return result === undefined || (typeof result === 'object' && result !== null && 'error' in result)
        ? ''
        : cellText(result as ExcelJS.CellValue);
    }
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String((value as { text: unknown }).text ?? '');
    if ('error' in value) return '';
  }
  return '';
}

/**
 * The first worksheet of an XLSX (the ZIP has passed zip-guard.ts), streamed row by row, stopped past the row limit.
 * exceljs' streaming reader takes the ZIP's parts in the order they are stored; it reads a sheet stored before the
 * shared strings as blank (its issue #683), so it gets the parts it needs in the order it needs them (xlsx-parts.ts).
 */
export async function parseXlsx(path: string): Promise<Sheet> {
  const records: string[][] = [];
  try {
    const ordered = await orderedXlsx(path);
    // loaded for an XLSX only: exceljs takes longer to load than a CSV takes to read
    const { default: excel } = await import('exceljs');
    const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([ordered]), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (records.length > LEGACY_LIMITS.rows + 1) throw new LegacyFileError('too_many_rows');
        const values = (row.values as ExcelJS.CellValue[]).slice(1, LEGACY_LIMITS.columns + 1);
        // rows without cells are not emitted: a gap keeps the line numbers right
        while (records.length < row.number - 1) records.push([]);
        records.push(Array.from(values, (v) => cellText(v)));
      }
      break;
    }
  } catch (err) {
    if (err instanceof LegacyFileError) throw err;
    throw new LegacyFileError('not_xlsx');
  }
  if (records.length === 0) throw new LegacyFileError('empty');
  return toSheet(records);
}
