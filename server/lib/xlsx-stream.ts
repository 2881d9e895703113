import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { berlinWallClock, type Column } from './export-format';

/**
 * A streamed XLSX (exceljs WorkbookWriter): rows are committed as they come, so memory stays flat for long lists.
 * Dates become real date cells (Berlin wall-clock time, German number format); text stays text cells, which
 * spreadsheets never evaluate as formulas.
 */
export function xlsxStream<R>(sheetName: string, columns: Column<R>[], batches: AsyncIterable<R[]>, onError: (err: unknown) => void): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? 18,
    style: c.kind === 'date' ? { numFmt: 'dd.mm.yyyy' } : c.kind === 'datetime' ? { numFmt: 'dd.mm.yyyy hh:mm' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const batch of batches) {
        for (const row of batch) {
          sheet
            .addRow(
              columns.map((c) => {
                const v = c.value(row);
                if (v instanceof Date) return c.kind === 'date' ? new Date(Date.UTC(...dayParts(v))) : berlinWallClock(v);
                if (c.kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(`${v}T00:00:00Z`);
                return v ?? null;
              }),
            )
            .commit();
        }
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      onError(err);
      out.destroy(err as Error);
    }
  })();
  return out;
}

function dayParts(d: Date): [number, number, number] {
  const w = berlinWallClock(d);
  return [w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate()];
}
