import ExcelJS from 'exceljs';
import type { SeasonReport, SeasonReportSection } from '../../../src/shared/contracts/season-report';
import { NO_DATA, reportTables, type ReportCell, type ReportColumn } from '../../../src/shared/season-report-tables';
import { alignsRight, xlsxFont } from '../../lib/export-format';
import { sectionChartPng } from './season-report.charts';

/** sheet names: at most 31 characters, none of : \ / ? * [ ] */
const sheetNames: Record<SeasonReportSection, string> = {
  funnel: 'Anmeldung bis Auszeichnung',
  facilities: 'Teilnehmende KiTas',
  reach: 'Kinder und Mitarbeitende',
  programme: 'Fortbildungen, Hospitationen',
  teamWorkshops: 'Team-Workshops',
  awarding: 'Auszeichnungsveranstaltungen',
  comparison: 'Vergleich',
};

/**
 * A number stays a number cell, a date a date cell (dd.mm.yyyy). A missing figure in a number column stays empty (its
 * note says "keine Daten", see {@link addTableRow}): the words in a number column would be read as part of a sum or
 * beside a neighbour's figure ("2 keine Daten"); elsewhere it reads "keine Daten".
 */
function cellValue(cell: ReportCell, column: ReportColumn): ExcelJS.CellValue {
  if (cell === null) return column.kind === 'number' ? null : NO_DATA;
  if (column.kind === 'date' && typeof cell === 'string' && cell !== '') {
    const d = new Date(cell);
    // the Berlin calendar day as a date cell (spreadsheets have no time zones)
    const day = d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
    return new Date(`${day}T00:00:00Z`);
  }
  return cell;
}

/** a table's row; an empty number cell carries the reason as a note, so the file says why the figure is missing */
function addTableRow(sheet: ExcelJS.Worksheet, cells: ReportCell[], columns: ReportColumn[]): ExcelJS.Row {
  const row = sheet.addRow(cells.map((cell, i) => cellValue(cell, columns[i]!)));
  cells.forEach((cell, i) => {
    if (cell === null && columns[i]!.kind === 'number') {
      const empty = row.getCell(i + 1);
      // exceljs leaves an empty cell out of the file, and its note with it, unless the cell carries a style
      empty.alignment = { horizontal: 'right' };
      empty.note = NO_DATA;
    }
  });
  return row;
}

/**
 * The season report as XLSX (issue 22): one sheet per section, each with the section's title and what it counts,
 * then its tables (caption, bold header, rows, bold sum) with real number cells: the same tables the page shows
 * (src/shared/season-report-tables.ts), and beside them the section's charts as one image (season-report.charts.ts,
 * rendered off the main thread). Small (a few hundred cells, seven images), so built in memory.
 */
export async function seasonReportXlsx(report: SeasonReport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'KiTa-Portal';
  const sections = reportTables(report);
  const charts = await Promise.all(sections.map(sectionChartPng));
  for (const [index, section] of sections.entries()) {
    // on paper: A4 landscape, the tables and the chart beside them one page wide (as many pages down as they need)
    const sheet = workbook.addWorksheet(sheetNames[section.key], {
      pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    });
    sheet.addRow([`${section.title} – ${report.season.label}`]).font = xlsxFont({ size: 14 });
    sheet.addRow([section.intro]);
    if (
      section.tables.some((t) =>
        [...t.rows, ...(t.total ? [t.total] : [])].some((r) => r.some((cell, i) => cell === null && t.columns[i]!.kind === 'number')),
      )
    )
      sheet.addRow([`Eine leere Zahl heißt: ${NO_DATA} (die Notiz der Zelle sagt es).`]);
    if (section.tables.length === 0) {
      sheet.addRow([]);
      sheet.addRow([`${NO_DATA}: Für dieses KiTa-Jahr gibt es im Portal keine Daten.`]);
    }
    let widest = [24];
    for (const table of section.tables) {
      sheet.addRow([]);
      sheet.addRow([table.caption]).font = xlsxFont();
      const header = sheet.addRow(table.columns.map((c) => c.header));
      header.font = xlsxFont();
      table.columns.forEach((c, i) => {
        if (alignsRight(c.kind)) header.getCell(i + 1).alignment = { horizontal: 'right' };
      });
      for (const row of table.rows) addTableRow(sheet, row, table.columns);
      if (table.total) addTableRow(sheet, table.total, table.columns).font = xlsxFont();
      const fit = table.columns.map((c, i) => Math.max(c.header.length + 2, ...table.rows.map((r) => String(r[i] ?? NO_DATA).length + 2), 10));
      widest = Array.from({ length: Math.max(widest.length, fit.length) }, (_, i) => Math.max(widest[i] ?? 0, fit[i] ?? 0));
      table.columns.forEach((c, i) => {
        if (c.kind === 'date') sheet.getColumn(i + 1).numFmt = 'dd.mm.yyyy';
      });
    }
    widest.forEach((w, i) => (sheet.getColumn(i + 1).width = Math.min(w, 48)));
    const chart = charts[index];
    if (chart) {
      // one empty column after the tables, then the image at its drawn size (anchored at its top left cell)
      const image = workbook.addImage({ buffer: chart.png as unknown as ExcelJS.Buffer, extension: 'png' });
      sheet.addImage(image, { tl: { col: widest.length + 1, row: 2 }, ext: { width: chart.width, height: chart.height }, editAs: 'oneCell' });
    }
  }
  // stored, not deflated: the PNGs are compressed already, and JSZip deflating them again on the main thread took
  // about 1 s of the export (the sheets' XML is a few dozen KB either way)
  return Buffer.from(await workbook.xlsx.writeBuffer({ zip: { compression: 'STORE' } }));
}
