import { Alert, Button, Group, List, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PageHeading } from '../../../components/layout/page-heading';
import { failureOf, type FormFailure } from '../../../lib/use-schema-form';
import { FormAlert } from '../../../components/forms/form-alert';
import { formatDateTime } from '../../../lib/locale';
import type { AcDryRun, AcRun } from '../../../shared/contracts/active-campaign';
import { useAcDryRun } from '../api/dry-run';
import { acSettingsQueryOptions } from '../api/get-settings';
import { acRunsQueryOptions } from '../api/list-runs';
import { useStartAcRun } from '../api/start-run';
import { RunsTable } from './runs-table';
import { SettingsForm } from './settings-form';
import { TableScrollRegion } from '../../../components/data-table/table-scroll-region';

const changeLabels = { add: 'hinzufügen', update: 'aktualisieren', unsubscribe: 'abmelden' } as const;

/**
 * The run started here, where the admin is looking (issue 34): right under "Jetzt synchronisieren", announced, with its
 * progress while it runs and its result or failure (with what to do next) when it ends. The table further down keeps
 * every run's log.
 */
function RunStatus({ run }: { run: AcRun }) {
  if (run.state === 'running') {
    const percent = run.total > 0 ? Math.min(100, Math.round((run.done / run.total) * 100)) : 0;
    return (
      <Stack gap={4}>
        <Text fw={600}>
          {run.total > 0 ? `Synchronisierung läuft: ${run.done} von ${run.total} Kontakten übertragen.` : 'Synchronisierung läuft …'}
        </Text>
        <Progress value={percent} aria-label={`Fortschritt ${percent} Prozent`} />
      </Stack>
    );
  }
  const counts = `${run.counts.added} hinzugefügt, ${run.counts.updated} aktualisiert, ${run.counts.unsubscribed} abgemeldet, ${run.counts.unchanged} unverändert`;
  if (run.state === 'failed')
    return (
      <Alert color="red" title="Synchronisierung fehlgeschlagen">
        {run.error ?? 'Der Abgleich wurde abgebrochen.'} Bis dahin: {counts}. Prüfe oben mit „Verbindung testen“ die Verbindung und starte den
        Abgleich dann neu; Einzelheiten stehen im Protokoll unter „Synchronisierungen“.
      </Alert>
    );
  return (
    <Alert color="green" title="Synchronisierung fertig">
      Abgeschlossen am {formatDateTime(run.finishedAt ?? run.startedAt)}: {counts}.
    </Alert>
  );
}

/** /verwaltung/active-campaign-integration: connect, test, dry run, sync, and the runs */
export function ActiveCampaignPage() {
  const { data: settings } = useSuspenseQuery(acSettingsQueryOptions());
  const { data: runs } = useSuspenseQuery(acRunsQueryOptions());
  const dry = useAcDryRun();
  const start = useStartAcRun();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [diff, setDiff] = useState<AcDryRun | null>(null);
  const [diffAt, setDiffAt] = useState('');
  const [startedId, setStartedId] = useState<number | null>(null);
  const diffCaptionId = useId();
  const running = runs.items.some((r) => r.state === 'running');
  // the run this page started, or one that is going on now (another admin's, the schedule's)
  const shownRun = runs.items.find((r) => r.id === startedId) ?? runs.items.find((r) => r.state === 'running') ?? null;

  const act = async (fn: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await fn();
    } catch (e) {
      setFailure(failureOf(e));
    }
  };

  return (
    <Stack>
      <PageHeading>ActiveCampaign-Integration</PageHeading>
      <Text>
        Das Portal überträgt alle Benutzerkonten mit Newsletter-Einwilligung in eine Liste deines ActiveCampaign-Kontos: Name, KiTa, Regierungsbezirk
        und Tags zum Stand im Programm. Wer sich in ActiveCampaign abgemeldet hat, wird nie wieder angemeldet.
      </Text>
      {settings.source === 'none' && (
        <Alert color="blue" title="Noch kein ActiveCampaign-Konto verbunden">
          <List type="ordered" size="sm">
            <List.Item>Melde dich bei ActiveCampaign an und öffne Einstellungen → Entwickler.</List.Item>
            <List.Item>Kopiere die API-URL und den API-Schlüssel in die Felder unten.</List.Item>
            <List.Item>Klicke „Verbindung testen“, wähle die Liste und speichere.</List.Item>
            <List.Item>Mit „Probelauf“ siehst du, was sich ändern würde; „Jetzt synchronisieren“ überträgt es.</List.Item>
          </List>
        </Alert>
      )}
      {settings.source === 'env' && (
        <Text size="sm">Die Verbindung kommt aus der Server-Konfiguration (ACTIVECAMPAIGN_URL/KEY), bis du andere speicherst.</Text>
      )}
      {/* not keyed by the version: a remount after "Speichern" dropped the focus to the page and scrolled to the top */}
      <SettingsForm settings={settings} />
      <Title order={2} size="h3">
        Abgleich
      </Title>
      <FormAlert failure={failure} />
      <Group>
        <Button
          variant="default"
          loading={dry.isPending}
          onClick={() =>
            void act(async () => {
              setDiff(await dry.mutateAsync());
              setDiffAt(new Date().toISOString());
            })
          }
        >
          Probelauf
        </Button>
        {/* disabled while a run goes on, but focusable: a disabled button would drop the keyboard focus to the page */}
        <Button
          loading={start.isPending}
          data-disabled={running || undefined}
          aria-disabled={running || undefined}
          onClick={(event) => {
            if (running) return event.preventDefault();
            setDiff(null);
            void act(async () => setStartedId((await start.mutateAsync()).id));
          }}
        >
          Jetzt synchronisieren
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {shownRun && <RunStatus run={shownRun} />}
      </div>
      <div aria-live="polite">
        {diff && (
          <Stack gap="xs">
            <Text fw={600}>
              Probelauf von {formatDateTime(diffAt)}: {diff.toAdd} hinzufügen, {diff.toUpdate} aktualisieren, {diff.toUnsubscribe} abmelden,{' '}
              {diff.tagsToAdd} Tags setzen, {diff.tagsToRemove} Tags entfernen, {diff.unchanged} unverändert. Es wurde nichts übertragen.
            </Text>
            {diff.changes.length > 0 && (
              <TableScrollRegion minWidth={560} labelledBy={diffCaptionId}>
                <Table captionSide="top">
                  <Table.Caption id={diffCaptionId} style={{ textAlign: 'left', fontWeight: 600 }}>
                    Änderungen des Probelaufs
                  </Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">E-Mail</Table.Th>
                      <Table.Th scope="col">Name</Table.Th>
                      <Table.Th scope="col">Änderung</Table.Th>
                      <Table.Th scope="col">Tags</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {diff.changes.map((c) => (
                      <Table.Tr key={c.email}>
                        <Table.Td>{c.email}</Table.Td>
                        <Table.Td>{c.name}</Table.Td>
                        <Table.Td>{changeLabels[c.change]}</Table.Td>
                        <Table.Td>{[...c.tagsToAdd.map((t) => `+ ${t}`), ...c.tagsToRemove.map((t) => `− ${t}`)].join(', ')}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScrollRegion>
            )}
          </Stack>
        )}
      </div>
      <RunsTable runs={runs.items} />
    </Stack>
  );
}
