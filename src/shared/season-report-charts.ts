import type { SeasonReportSection } from './contracts/season-report';
import type { ReportTable } from './season-report-tables';

/**
 * Which tables of the season report get a chart, and which of their columns it draws (plain data: the page knows
 * where a chart goes without loading the charts' code; the XLSX draws the same charts as images,
 * server/modules/season-report/season-report.charts.ts). `bars`: grouped bars, `horizontal` with the rows' names on the
 * left (long names, narrow screens); `stacked`: one bar per row; `lines`: one line per column over the rows.
 */
export type ChartSpec = { kind: 'bars' | 'stacked' | 'lines'; columns: (table: ReportTable) => number[]; horizontal?: boolean };

/** the charts' series colours, one per drawn column in order: Mantine's blue 7, teal 8, orange 8, grape 7, cyan 8, red 8, lime 9, pink 7 */
export const chartColors = ['#1c7ed6', '#099268', '#e8590c', '#ae3ec9', '#0c8599', '#e03131', '#5c940d', '#d6336c'] as const;

const fixed = (columns: number[]) => () => columns;
const programme: ChartSpec = { kind: 'bars', columns: fixed([4, 5, 6, 7]), horizontal: true };

const specs: Record<SeasonReportSection, (ChartSpec | null)[]> = {
  funnel: [{ kind: 'bars', columns: fixed([1, 2, 3, 4]), horizontal: true }],
  // every operator kind, not the sum
  facilities: [{ kind: 'stacked', columns: (t) => t.columns.slice(1, -1).map((_, i) => i + 1), horizontal: true }, null],
  reach: [{ kind: 'bars', columns: fixed([2, 4]), horizontal: true }],
  programme: [programme, programme, programme],
  teamWorkshops: [{ kind: 'bars', columns: fixed([1, 2]), horizontal: true }],
  awarding: [{ kind: 'bars', columns: fixed([3, 4, 5, 6]), horizontal: true }],
  comparison: [{ kind: 'lines', columns: fixed([2, 3, 4, 5]) }],
};

export const chartSpecOf = (section: SeasonReportSection, index: number): ChartSpec | null => specs[section][index] ?? null;

/** the chart's height: room for every row's bars (horizontal) or a fixed plot */
export function chartHeight(spec: ChartSpec, table: ReportTable): number {
  if (!spec.horizontal) return 280;
  const perRow = spec.kind === 'stacked' ? 28 : spec.columns(table).length * 12 + 12;
  return Math.max(160, table.rows.length * perRow + 90);
}
