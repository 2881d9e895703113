import { Text, Title } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { breakCompounds } from '../../../components/layout/page-heading';
import { NO_DATA, type ReportSectionTables, type ReportTable as ReportTableData } from '../../../shared/season-report-tables';
import { chartHeight, chartSpecOf, type ChartSpec } from '../../../shared/season-report-charts';
import { ReportTable } from './report-table';
import classes from './season-report.module.css';

// recharts and Mantine's charts load with the first chart of this page, never before
const ReportChart = lazy(() => import('./report-chart'));

/** a table's name as a heading, its chart, the table (named by the heading) */
function TableBlock({ table, spec }: { table: ReportTableData; spec: ChartSpec | null }) {
  const headingId = useId();
  return (
    <div className={classes.block}>
      <Title order={3} size="h5" mb="xs" id={headingId}>
        {breakCompounds(table.caption)}
      </Title>
      {spec && table.rows.length > 0 && (
        <Suspense fallback={<div style={{ height: chartHeight(spec, table) }} aria-hidden />}>
          <ReportChart table={table} spec={spec} />
        </Suspense>
      )}
      <ReportTable table={table} labelledBy={headingId} />
    </div>
  );
}

/** One section of the report: its title, what it counts, and per table a chart with the table of its numbers under it. */
export function ReportSection({ section, seasonLabel }: { section: ReportSectionTables; seasonLabel: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={classes.section}>
      <Title order={2} size="h3" id={id}>
        {breakCompounds(section.title)}
      </Title>
      <Text size="sm" mt={4}>
        {section.intro}
      </Text>
      {section.tables.length === 0 && (
        <Text mt="md" fw={600}>
          {NO_DATA}: Für das {seasonLabel} gibt es im Portal keine Daten.
        </Text>
      )}
      {section.tables.map((table, i) => (
        <TableBlock key={table.caption} table={table} spec={chartSpecOf(section.key, i)} />
      ))}
    </section>
  );
}
