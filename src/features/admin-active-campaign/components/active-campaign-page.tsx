import { Alert, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeading } from '../../../components/layout/page-heading';
import { failureOf, type FormFailure } from '../../../lib/use-schema-form';
import { FormAlert } from '../../../components/forms/form-alert';
import type { AcDryRun } from '../../../shared/contracts/active-campaign';
import { useAcDryRun } from '../api/dry-run';
import { acSettingsQueryOptions } from '../api/get-settings';
import { acRunsQueryOptions } from '../api/list-runs';
import { useStartAcRun } from '../api/start-run';
import { RunsTable } from './runs-table';
import { SettingsForm } from './settings-form';

const changeLabels = { add: 'hinzufügen', update: 'aktualisieren', unsubscribe: 'abmelden' } as const;

/** /verwaltung/active-campaign-integration: connect, test, dry run, sync, and the runs */
export function ActiveCampaignPage() {
  const { data: settings } = useSuspenseQuery(acSettingsQueryOptions());
  const { data: runs } = useSuspenseQuery(acRunsQueryOptions());
  const dry = useAcDryRun();
  const start = useStartAcRun();
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [diff, setDiff] = useState<AcDryRun | null>(null);
  const running = runs.items.some((r) => r.state === 'running');

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
      <SettingsForm key={settings.version} settings={settings} />
      <Title order={2} size="h3">
        Abgleich
      </Title>
      <FormAlert failure={failure} />
      <Group>
        <Button variant="default" loading={dry.isPending} onClick={() => void act(async () => setDiff(await dry.mutateAsync()))}>
          Probelauf
        </Button>
        <Button loading={start.isPending} disabled={running} onClick={() => void act(() => start.mutateAsync())}>
          Jetzt synchronisieren
        </Button>
      </Group>
      <div aria-live="polite">
        {diff && (
          <Stack gap="xs">
            <Text fw={600}>
              Probelauf: {diff.toAdd} hinzufügen, {diff.toUpdate} aktualisieren, {diff.toUnsubscribe} abmelden, {diff.tagsToAdd} Tags setzen,{' '}
              {diff.tagsToRemove} Tags entfernen, {diff.unchanged} unverändert. Es wurde nichts übertragen.
            </Text>
            {diff.changes.length > 0 && (
              <Table.ScrollContainer minWidth={560}>
                <Table>
                  <Table.Caption>Änderungen des Probelaufs</Table.Caption>
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
              </Table.ScrollContainer>
            )}
          </Stack>
        )}
      </div>
      <RunsTable runs={runs.items} />
    </Stack>
  );
}
