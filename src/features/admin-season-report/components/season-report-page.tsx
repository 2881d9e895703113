import { Button, Group, Loader, Text } from '@mantine/core';
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
  const { data: report, isPlaceholderData, isError } = useSeasonReport(seasonIdentifier);
  const chosenLabel = seasons?.find((s) => s.identifier === seasonIdentifier)?.label ?? seasonIdentifier;
  const statusText = isError
    ? `Die Auswertung für das ${chosenLabel} konnte nicht geladen werden.`
    : `Die Auswertung für das ${chosenLabel} wird geladen …`;
  // the loader has the report when the page is entered; without one here, the season chosen could not be loaded
  if (!report)
    return (
      <div className={classes.report}>
        <PageHeading>Auswertung</PageHeading>
        <SeasonSwitch seasons={seasons} value={seasonIdentifier} onChange={onSeasonChange} />
        <Text mt="md" role={isError ? 'alert' : 'status'}>
          {statusText}
        </Text>
      </div>
    );
  const label = report.season.label;
  // while the switch loads another season, the previous one stays on screen (not dimmed: its text keeps its contrast),
  // marked busy, with a status line under the switch
  const loading = isPlaceholderData;
  return (
    <div className={classes.report} aria-busy={loading || undefined}>
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
      {loading && (
        <Group gap="xs" mt="md" role="status" className={classes.noPrint}>
          <Loader size="xs" aria-hidden />
          <Text>{statusText}</Text>
        </Group>
      )}
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
