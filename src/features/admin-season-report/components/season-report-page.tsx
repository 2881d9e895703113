import { Button, Group, Text } from '@mantine/core';
import { PageHeading } from '../../../components/layout/page-heading';
import { SeasonSwitch } from '../../../components/season-step/season-switch';
import { reportTables } from '../../../shared/season-report-tables';
import { seasonReportXlsxUrl, useSeasonReport } from '../api/get-season-report';
import { ReportSection } from './report-section';
import classes from './season-report.module.css';

type Props = {
  seasonIdentifier: string;
  /** the seasons to switch between (GET /api/admin/seasons/choices), newest first */
  seasons: { identifier: string; label: string }[] | null;
  onSeasonChange: (seasonIdentifier: string) => void;
};

/**
 * /verwaltung/auswertung (issue 22): the season's figures for the funders' report, each section a chart with the
 * table of its numbers under it; the same tables as XLSX (one sheet per section) and on paper (print stylesheet).
 */
export function SeasonReportPage({ seasonIdentifier, seasons, onSeasonChange }: Props) {
  const { data: report } = useSeasonReport(seasonIdentifier);
  const label = report.season.label;
  return (
    <div className={classes.report}>
      <PageHeading>Auswertung {label}</PageHeading>
      <Text>
        Die Zahlen des KiTa-Jahres für den Sachbericht. Jede Zahl ist so gezählt wie in der Liste der Verwaltung dahinter; unter jedem Diagramm stehen
        dieselben Zahlen als Tabelle.
      </Text>
      <Group align="flex-end" gap="sm" mt="md" wrap="wrap" className={classes.noPrint}>
        <SeasonSwitch seasons={seasons} value={seasonIdentifier} onChange={onSeasonChange} />
        <Button component="a" href={seasonReportXlsxUrl(seasonIdentifier)} download variant="default">
          Als Excel (XLSX) exportieren
        </Button>
        <Button variant="default" onClick={() => window.print()}>
          Drucken
        </Button>
      </Group>
      {!report.hasPortalData && (
        <Text mt="md" fw={600}>
          Für das {label} gibt es im Portal keine Daten. Was importierte Altdaten dazu sagen, steht unten im Vergleich mit früheren KiTa-Jahren.
        </Text>
      )}
      {reportTables(report).map((section) => (
        <ReportSection key={section.key} section={section} seasonLabel={label} />
      ))}
    </div>
  );
}
