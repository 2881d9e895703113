import { inImageSlot, sharp } from '../../lib/image-work';
import { chartColors, chartSpecOf, type ChartSpec } from '../../../src/shared/season-report-charts';
import type { ReportSectionTables, ReportTable } from '../../../src/shared/season-report-tables';

/**
 * The season report's charts as images for the XLSX (issue 22): per section one SVG with a panel per charted table
 * (the page's chart specs and colours, src/shared/season-report-charts.ts), drawn from the table's own numbers and
 * rendered to PNG by sharp (librsvg, off the main thread). Text in DejaVu Sans or Liberation Sans (system fonts; the
 * container image installs fonts-dejavu-core), nothing loaded from anywhere. Every label is escaped: KiTa-Jahr
 * names, module titles, event titles and regions come from admins.
 */

/** the image's width in the sheet (px); rendered at twice the pixels for a sharp print */
export const CHART_WIDTH = 720;
const SCALE = 2;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const TEXT = '#343a40'; // Mantine gray 8, the page's chart text
const GRID = '#dee2e6'; // gray 3

/** text for XML: the five special characters escaped, characters XML 1.0 cannot carry dropped */
export function xmlText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const format = (v: number) => v.toLocaleString('de-DE');

/** a long name shortened to `max` characters, keeping a short last word ("Auszeichnungsver… Süd"); the table names it in full */
function short(name: string, max: number): string {
  if (name.length <= max) return name;
  const tail = name.split(' ').at(-1) ?? '';
  return tail.length <= 6 && tail.length < name.length ? `${name.slice(0, max - tail.length - 2)}… ${tail}` : `${name.slice(0, max - 1)}…`;
}

/** axis ticks 0..max in steps of 1, 2 or 5 × 10^k (whole numbers: these are counts), about five of them */
function ticks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / 5;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}

type Svg = { body: string[]; height: number };

const text = (x: number, y: number, value: string, attrs = '') => `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attrs}>${xmlText(value)}</text>`;

/** the legend under a panel: a swatch and the column's header per series, wrapped to the width */
function legend(svg: Svg, names: string[]) {
  let x = 0;
  let y = svg.height + 8;
  for (const [i, name] of names.entries()) {
    const w = 18 + name.length * 6.6 + 16;
    if (x > 0 && x + w > CHART_WIDTH) {
      x = 0;
      y += 18;
    }
    svg.body.push(`<rect x="${x}" y="${y}" width="12" height="12" rx="2" fill="${chartColors[i % chartColors.length]}"/>`);
    svg.body.push(text(x + 18, y + 10.5, name, 'font-size="11"'));
    x += w;
  }
  svg.height = y + 20;
}

/** one value per row and drawn column; null (no data) is left out, never drawn as 0 */
const valuesOf = (table: ReportTable, columns: number[]) =>
  table.rows.map((row) => columns.map((c) => (typeof row[c] === 'number' ? (row[c] as number) : null)));

/** horizontal bars: the rows' names on the left, a group of bars (or one stacked bar) per row, the numbers at the ends */
function barsPanel(svg: Svg, table: ReportTable, spec: ChartSpec) {
  const columns = spec.columns(table);
  const values = valuesOf(table, columns);
  const stacked = spec.kind === 'stacked';
  const names = table.rows.map((row) => short(String(row[0] ?? ''), 28));
  const labelWidth = Math.min(200, Math.max(60, ...names.map((n) => n.length * 6.4 + 12)));
  const plotLeft = labelWidth;
  const plotWidth = CHART_WIDTH - plotLeft - 56;
  const bar = stacked ? 16 : 10;
  const groupHeight = stacked ? 24 : columns.length * (bar + 2) + 10;
  const max = Math.max(0, ...values.map((v) => (stacked ? v.reduce<number>((a, x) => a + (x ?? 0), 0) : Math.max(0, ...v.map((x) => x ?? 0)))));
  const axis = ticks(max);
  const top = axis.at(-1)!;
  const scale = (v: number) => (v / top) * plotWidth;
  const y0 = svg.height;
  const plotHeight = names.length * groupHeight;
  for (const t of axis) {
    const x = plotLeft + scale(t);
    svg.body.push(`<line x1="${x.toFixed(1)}" y1="${y0}" x2="${x.toFixed(1)}" y2="${y0 + plotHeight}" stroke="${GRID}" stroke-dasharray="3 3"/>`);
    svg.body.push(text(x, y0 + plotHeight + 14, format(t), 'font-size="10" text-anchor="middle"'));
  }
  names.forEach((name, r) => {
    const gy = y0 + r * groupHeight;
    svg.body.push(text(plotLeft - 8, gy + groupHeight / 2 + 4, name, 'font-size="11" text-anchor="end"'));
    let x = plotLeft;
    values[r]!.forEach((v, i) => {
      if (v === null) return;
      const w = scale(v);
      const fill = chartColors[i % chartColors.length];
      if (stacked) {
        if (w > 0) svg.body.push(`<rect x="${x.toFixed(1)}" y="${gy + 4}" width="${w.toFixed(1)}" height="${bar}" fill="${fill}"/>`);
        x += w;
      } else {
        const by = gy + 5 + i * (bar + 2);
        if (w > 0) svg.body.push(`<rect x="${plotLeft}" y="${by}" width="${w.toFixed(1)}" height="${bar}" rx="1" fill="${fill}"/>`);
        svg.body.push(text(plotLeft + w + 4, by + bar - 1.5, format(v), 'font-size="9.5"'));
      }
    });
    if (stacked) {
      const sum = values[r]!.reduce<number>((a, v) => a + (v ?? 0), 0);
      svg.body.push(text(x + 4, gy + 4 + bar - 4, format(sum), 'font-size="10"'));
    }
  });
  svg.body.push(`<line x1="${plotLeft}" y1="${y0}" x2="${plotLeft}" y2="${y0 + plotHeight}" stroke="${TEXT}"/>`);
  svg.height = y0 + plotHeight + 22;
}

/** lines over the rows (the seasons): one per drawn column, a gap where a figure has no data */
function linesPanel(svg: Svg, table: ReportTable, spec: ChartSpec) {
  const columns = spec.columns(table);
  const values = valuesOf(table, columns);
  const names = table.rows.map((row) => short(String(row[0] ?? '').replace(/^KiTa-Jahr /, ''), 14));
  const max = Math.max(0, ...values.flat().map((v) => v ?? 0));
  const axis = ticks(max);
  const top = axis.at(-1)!;
  const plotLeft = Math.max(40, format(top).length * 6.5 + 14);
  const plotWidth = CHART_WIDTH - plotLeft - 30;
  const plotHeight = 200;
  const y0 = svg.height + 6;
  const x = (r: number) => plotLeft + 30 + (names.length > 1 ? (r * (plotWidth - 60)) / (names.length - 1) : (plotWidth - 60) / 2);
  const y = (v: number) => y0 + plotHeight - (v / top) * plotHeight;
  for (const t of axis) {
    svg.body.push(
      `<line x1="${plotLeft}" y1="${y(t).toFixed(1)}" x2="${plotLeft + plotWidth}" y2="${y(t).toFixed(1)}" stroke="${GRID}" stroke-dasharray="3 3"/>`,
    );
    svg.body.push(text(plotLeft - 6, y(t) + 3.5, format(t), 'font-size="10" text-anchor="end"'));
  }
  names.forEach((name, r) => svg.body.push(text(x(r), y0 + plotHeight + 16, name, 'font-size="10.5" text-anchor="middle"')));
  columns.forEach((_, i) => {
    const fill = chartColors[i % chartColors.length];
    for (let r = 0; r + 1 < names.length; r++) {
      const a = values[r]![i];
      const b = values[r + 1]![i];
      if (a === null || a === undefined || b === null || b === undefined) continue;
      svg.body.push(
        `<line x1="${x(r).toFixed(1)}" y1="${y(a).toFixed(1)}" x2="${x(r + 1).toFixed(1)}" y2="${y(b).toFixed(1)}" stroke="${fill}" stroke-width="2"/>`,
      );
    }
    values.forEach((v, r) => {
      const value = v[i];
      if (value !== null && value !== undefined)
        svg.body.push(`<circle cx="${x(r).toFixed(1)}" cy="${y(value).toFixed(1)}" r="3.5" fill="${fill}"/>`);
    });
  });
  svg.body.push(`<line x1="${plotLeft}" y1="${y0 + plotHeight}" x2="${plotLeft + plotWidth}" y2="${y0 + plotHeight}" stroke="${TEXT}"/>`);
  svg.height = y0 + plotHeight + 24;
}

/** the section's charts as one SVG (a panel per charted table, each with its caption and legend); null when it has none */
export function sectionChartSvg(section: ReportSectionTables): { svg: string; width: number; height: number } | null {
  const svg: Svg = { body: [], height: 0 };
  section.tables.forEach((table, i) => {
    const spec = chartSpecOf(section.key, i);
    if (!spec || table.rows.length === 0) return;
    if (svg.height > 0) svg.height += 18;
    svg.body.push(text(0, svg.height + 14, table.caption, 'font-size="13" font-weight="bold"'));
    svg.height += 26;
    if (spec.kind === 'lines') linesPanel(svg, table, spec);
    else barsPanel(svg, table, spec);
    legend(
      svg,
      spec.columns(table).map((c) => table.columns[c]!.header),
    );
  });
  if (svg.height === 0) return null;
  const pad = 12;
  const width = CHART_WIDTH + 2 * pad;
  const height = Math.ceil(svg.height + 2 * pad);
  return {
    width,
    height,
    svg:
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<rect width="100%" height="100%" fill="#ffffff"/>` +
      `<g transform="translate(${pad} ${pad})" font-family="${FONT}" fill="${TEXT}">${svg.body.join('')}</g></svg>`,
  };
}

/**
 * the section's charts as PNG at twice the pixels, with their size in the sheet: rendered by sharp off the main
 * thread, one image at a time with the uploads (server/lib/image-work.ts). Full colour: a palette PNG is half the
 * bytes, but its quantisation took four times as long (1.5 s for the seven charts).
 */
export async function sectionChartPng(section: ReportSectionTables): Promise<{ png: Buffer; width: number; height: number } | null> {
  const drawn = sectionChartSvg(section);
  if (!drawn) return null;
  const png = await inImageSlot(() =>
    sharp(Buffer.from(drawn.svg), { density: 72 * SCALE })
      .png()
      .toBuffer(),
  );
  return { png, width: drawn.width, height: drawn.height };
}
