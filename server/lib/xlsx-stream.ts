import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { alignsRight, berlinWallClock, xlsxFont, type Cell, type Column } from './export-format';

/** columns are fitted to the header and the first rows (the file streams: later rows are not known yet) */
export const FIT_ROWS = 200;
/** width bounds in characters: a short column keeps room for its filter button, a long text column stays readable */
export const MIN_WIDTH = 8;
export const MAX_WIDTH = 60;

const NUM_FMT = { date: 'dd.mm.yyyy', datetime: 'dd.mm.yyyy hh:mm', time: 'hh:mm' } as const;

/**
 * A streamed XLSX (exceljs WorkbookWriter): rows are committed as they come, so memory stays flat for long lists.
 * What a person opening it expects (issue 19): the header row frozen and bold with an autofilter over the whole
 * table, column widths fitted to the header and the first {@link FIT_ROWS} rows (within {@link MIN_WIDTH}–{@link MAX_WIDTH}
 * characters), dates, date-times and times of day as real date/time cells (Berlin wall-clock time, German number
 * formats), yes/no as "Ja"/"Nein" as the screen and the CSV say it, text as text cells, which spreadsheets never evaluate
 * as formulas; the header's font is named and a header stands right above a right-aligned (number, date) column.
 */
export function xlsxStream<R>(sheetName: string, columns: Column<R>[], batches: AsyncIterable<R[]>, onError: (err: unknown) => void): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const cellsOf = (row: R) => columns.map((c) => xlsxCell(c.value(row), c.kind));
  void (async () => {
    try {
      // the first rows are held back until the widths are known: the column definitions precede the rows in the file
      const iterator = batches[Symbol.asyncIterator]();
      const first: Cell[][] = [];
      let done = false;
      while (!done && first.length < FIT_ROWS) {
        const next = await iterator.next();
        if (next.done) done = true;
        else for (const row of next.value) first.push(cellsOf(row));
      }
      sheet.columns = columns.map((c, i) => ({
        header: c.header,
        key: String(i),
        width: fittedWidth(
          c,
          first.map((cells) => cells[i]),
        ),
        style: c.kind && c.kind in NUM_FMT ? { numFmt: NUM_FMT[c.kind as keyof typeof NUM_FMT] } : {},
      }));
      const header = sheet.getRow(1);
      header.font = xlsxFont();
      // a column without a kind whose first rows hold numbers (an id, a count) is right-aligned by the spreadsheet too
      const holdsNumbers = (i: number) => first.some((cells) => typeof cells[i] === 'number' || cells[i] instanceof Date);
      columns.forEach((c, i) => {
        if (alignsRight(c.kind) || (c.kind === undefined && holdsNumbers(i))) header.getCell(i + 1).alignment = { horizontal: 'right' };
      });
      let rows = 1;
      for (const cells of first) {
        sheet.addRow(cells).commit();
        rows += 1;
      }
      while (!done) {
        const next = await iterator.next();
        if (next.done) break;
        for (const row of next.value) {
          sheet.addRow(cellsOf(row)).commit();
          rows += 1;
        }
      }
      // the autofilter is written after the rows: it covers the whole table, so sorting keeps rows together
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows, column: columns.length } };
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      onError(err);
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** the value as the XLSX cell holds it: Date cells carry Berlin wall-clock time; a time of day is a day fraction */
function xlsxCell(v: Cell, kind: Column<unknown>['kind']): Cell {
  if (v instanceof Date) {
    const w = berlinWallClock(v);
    if (kind === 'date') return new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate()));
    // day 0 of the spreadsheet epoch (1899-12-30) plus the time: a pure time value, "09:30" with format hh:mm
    if (kind === 'time') return new Date(Date.UTC(1899, 11, 30, w.getUTCHours(), w.getUTCMinutes()));
    return w;
  }
  if (kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(`${v}T00:00:00Z`);
  // a spreadsheet's TRUE/FALSE (or 1/0) would say something else than the list on screen and the CSV
  if (typeof v === 'boolean') return v ? 'Ja' : 'Nein';
  return v ?? null;
}

/** characters a cell shows (its longest line): dates in their German format */
function shownLength(v: Cell, kind: Column<unknown>['kind']): number {
  if (v === null || v === undefined) return 0;
  if (v instanceof Date) return kind === 'date' ? 10 : kind === 'time' ? 5 : 16;
  if (typeof v === 'number') return String(v).length;
  // (a yes/no is text by now: xlsxCell wrote it as "Ja"/"Nein")
  if (typeof v === 'boolean') return 4;
  return Math.max(...v.split('\n').map((line) => line.length));
}

/**
 * The header plus room for its filter button, or the widest of the first rows; a column's own `width` is a floor
 * (a column known to hold long text keeps it when the first rows are short); bounded by MIN_WIDTH and MAX_WIDTH.
 */
export function fittedWidth(column: Pick<Column<unknown>, 'header' | 'kind' | 'width'>, values: Cell[]): number {
  const content = Math.max(column.header.length + 3, ...values.map((v) => shownLength(v, column.kind) + 1), column.width ?? 0);
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, content));
}
