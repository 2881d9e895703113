import ExcelJS from 'exceljs';
import type { SeasonReport, SeasonReportSection } from '../../../src/shared/contracts/season-report';
import { NO_DATA, reportTables, type ReportCell, type ReportColumn } from '../../../src/shared/season-report-tables';
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

/** a number stays a number cell, a date a date cell (dd.mm.yyyy), a missing figure the words "keine Daten" */
function cellValue(cell: ReportCell, column: ReportColumn): ExcelJS.CellValue {
  if (cell === null) return NO_DATA;
  if (column.kind === 'date' && typeof cell === 'string' && cell !== '') {
    const d = new Date(cell);
    // the Berlin calendar day as a date cell (spreadsheets have no time zones)
    const day = d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
    return new Date(`${day}T00:00:00Z`);
  }
  return cell;
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
    sheet.addRow([`${section.title} – ${report.season.label}`]).font = { bold: true, size: 14 };
    sheet.addRow([section.intro]);
    if (section.tables.length === 0) {
      sheet.addRow([]);
      sheet.addRow([`${NO_DATA}: Für dieses KiTa-Jahr gibt es im Portal keine Daten.`]);
    }
    let widest = [24];
    for (const table of section.tables) {
      sheet.addRow([]);
      sheet.addRow([table.caption]).font = { bold: true };
      sheet.addRow(table.columns.map((c) => c.header)).font = { bold: true };
      for (const row of table.rows) sheet.addRow(row.map((cell, i) => cellValue(cell, table.columns[i]!)));
      if (table.total) sheet.addRow(table.total.map((cell, i) => cellValue(cell, table.columns[i]!))).font = { bold: true };
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
