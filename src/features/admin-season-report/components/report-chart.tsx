import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import type { ReportTable } from '../../../shared/season-report-tables';
import { chartColors, chartHeight, type ChartSpec } from '../../../shared/season-report-charts';

/**
 * A table of the report as a Mantine chart (issue 22). Loaded on its own (React.lazy) by the report page only:
 * recharts (~140 KB gzip) never reaches /login or a staff page. The chart shows the table's own numbers; a figure
 * without data is left out (no bar, a gap in a line), never drawn as 0. The table under it carries the numbers for
 * screen readers, so the chart is one image with a name.
 */
const format = (v: number) => v.toLocaleString('de-DE');

export default function ReportChart({ table, spec }: { table: ReportTable; spec: ChartSpec }) {
  // read once per drawing, not watched: @mantine/hooks' useMediaQuery here split a chunk the first page loads
  // (npm run bench bundle: one more file on /login)
  const narrow = window.matchMedia('(max-width: 36em)').matches;
  const columns = spec.columns(table);
  // a season's row is "KiTa-Jahr 2026/27": on the axis "2026/27" is enough
  // a long name (a module, an awarding event) is shortened on the axis; the table names it in full
  // (keeping a short last word: "Auszeichnungsver… Nord", "… Süd" stay apart)
  const short = (name: string, max = narrow ? 14 : 20) => {
    if (name.length <= max) return name;
    const tail = name.split(' ').at(-1) ?? '';
    return tail.length <= 6 && tail.length < name.length ? `${name.slice(0, max - tail.length - 2)}… ${tail}` : `${name.slice(0, max - 1)}…`;
  };
  const data = table.rows.map((row) => ({
    name: short(String(row[0] ?? '').replace(/^KiTa-Jahr /, '')),
    ...Object.fromEntries(columns.map((c) => [`c${c}`, typeof row[c] === 'number' ? row[c] : null])),
  }));
  // room for the longest row name on the left, within bounds (recharts wraps a longer one)
  const labelWidth = Math.min(narrow ? 112 : 170, Math.max(60, ...data.map((d) => d.name.length * 7.5 + 16)));
  const series = columns.map((c, i) => ({ name: `c${c}`, label: table.columns[c]!.header, color: chartColors[i % chartColors.length] }));
  const common = {
    // a name wrapped to two lines on a narrow screen needs a little more room per row
    h: chartHeight(spec, table) + (narrow && spec.horizontal ? table.rows.length * 8 : 0),
    data,
    dataKey: 'name',
    series,
    withLegend: true,
    legendProps: { verticalAlign: 'bottom' as const },
    valueFormatter: format,
    textColor: 'gray.8',
    // the table below is the accessible form: no second, keyboard-focusable copy inside the chart
    accessibilityLayer: false,
  };
  return (
    <div role="img" aria-label={`Diagramm zu „${table.caption}“; die Zahlen stehen in der Tabelle darunter.`}>
      {spec.kind === 'lines' ? (
        <LineChart
          {...common}
          connectNulls={false}
          curveType="linear"
          xAxisProps={{ padding: { left: 30, right: 30 } }}
          yAxisProps={{ allowDecimals: false }}
        />
      ) : (
        <BarChart
          {...common}
          type={spec.kind === 'stacked' ? 'stacked' : 'default'}
          orientation={spec.horizontal ? 'vertical' : 'horizontal'}
          // counts: whole numbers on the value axis
          xAxisProps={spec.horizontal ? { allowDecimals: false } : undefined}
          // every row's name on the axis: recharts leaves out names it thinks would collide (at 320 px "Kindergarten")
          yAxisProps={spec.horizontal ? { width: labelWidth, interval: 0 } : { allowDecimals: false }}
          gridAxis={spec.horizontal ? 'y' : 'x'}
        />
      )}
    </div>
  );
}
