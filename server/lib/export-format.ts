import { germanDate } from '../../src/shared/berlin-date';

/**
 * SPEC §3 "CSV (Excel)": UTF-8 with BOM, `;` separated, CRLF, German dates (DD.MM.YYYY, 24 h, Europe/Berlin),
 * decimal comma, cells quoted where needed, and cells that a spreadsheet would read as a formula (leading
 * = + - @, tab or CR) neutralised with a leading apostrophe.
 */
export type Cell = string | number | boolean | Date | null | undefined;
/**
 * One column of an export. `kind` 'time' is a time of day ("Beginn"): a real time cell in XLSX, "09:30" in CSV.
 * `width` (characters) is the XLSX column's least width; the file fits each column to its content (xlsx-stream.ts).
 */
export type Column<R> = { header: string; value: (row: R) => Cell; kind?: 'date' | 'datetime' | 'time' | 'text' | 'number'; width?: number };

export const BOM = '\uFEFF';

/**
 * The font of an XLSX's bold rows (headers, sums, titles), named: a font without a name is shown by LibreOffice in its
 * default serif, beside the body's Calibri. Calibri is the workbook default exceljs writes for every other cell.
 */
export const xlsxFont = (extra: { size?: number } = {}) => ({ name: 'Calibri', family: 2, size: 11, bold: true, ...extra });
/** a column whose values a spreadsheet aligns right (numbers, dates, times): its header stands right above them */
export const alignsRight = (kind: Column<unknown>['kind'] | 'text' | 'number' | 'date') => kind !== undefined && kind !== 'text';
export const CRLF = '\r\n';

// built once: constructing an Intl formatter per cell made exports of a few thousand rows take seconds
const berlinFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const berlinParts = (d: Date) => {
  const parts = berlinFormat.formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), min: get('minute') };
};

export const germanDateTime = (d: Date) => {
  const p = berlinParts(d);
  return `${p.d}.${p.m}.${p.y} ${p.h}:${p.min}`;
};
/** "09:30": the Berlin time of day */
export const germanTimeOfDay = (d: Date) => {
  const p = berlinParts(d);
  return `${p.h}:${p.min}`;
};
/**
 * The same moment as Europe/Berlin wall-clock time in a UTC Date: spreadsheets have no zones, so an XLSX date
 * cell must carry the local time the reader expects.
 */
export function berlinWallClock(d: Date): Date {
  const p = berlinParts(d);
  return new Date(Date.UTC(Number(p.y), Number(p.m) - 1, Number(p.d), Number(p.h), Number(p.min)));
}

/** prefix text a spreadsheet would evaluate */
export const neutralise = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

export function csvCell(value: Cell, kind?: Column<unknown>['kind']): string {
  let s: string;
  if (value === null || value === undefined) s = '';
  else if (value instanceof Date) s = kind === 'date' ? germanDate(value) : kind === 'time' ? germanTimeOfDay(value) : germanDateTime(value);
  else if (typeof value === 'number') s = String(value).replace('.', ',');
  else if (typeof value === 'boolean') s = value ? 'Ja' : 'Nein';
  else if (kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) s = germanDate(value);
  else s = neutralise(value);
  // negative numbers stay numbers: only text is neutralised above
  return /[";\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: string[]) => cells.join(';') + CRLF;

/** a streamed CSV (Excel) document from batches of rows */
export async function* csvExcel<R>(columns: Column<R>[], batches: AsyncIterable<R[]>): AsyncGenerator<string> {
  yield BOM + csvLine(columns.map((c) => csvCell(c.header)));
  for await (const batch of batches) {
    let chunk = '';
    for (const row of batch) chunk += csvLine(columns.map((c) => csvCell(c.value(row), c.kind)));
    yield chunk;
  }
}
