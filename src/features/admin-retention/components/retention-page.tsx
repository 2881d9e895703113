import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { reportError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import { retentionRules } from '../../../shared/contracts/retention';
import { retentionOverviewQueryOptions, useRunRetention } from '../api/retention';

/** a period in words: 1096 days read "36 Monate (1096 Tage)", 30 "30 Tage" */
export function periodText(days: number): string {
  if (days >= 365 && days % 365 <= 1) return `${(days - (days % 365)) / 365} Jahr${days >= 730 ? 'e' : ''} (${days} Tage)`;
  return `${days} Tag${days === 1 ? '' : 'e'}`;
}

const labelOf = (key: string) => retentionRules.find((r) => r.key === key)?.label ?? key;

/**
 * /verwaltung/datenpflege/aufbewahrung (issue 38, SPEC §9): every retention rule with its period, what falls due in
 * the next 30 days, the last run with its counts (never names), and "Jetzt ausführen" (asks first: it deletes).
 */
export function RetentionPage() {
  const { data } = useSuspenseQuery(retentionOverviewQueryOptions());
  const run = useRunRetention();
  const [asking, setAsking] = useState(false);
  const runNow = () =>
    run.mutate(undefined, {
      onSuccess: (answer) => {
        const total = answer.rules.reduce((n, r) => n + r.removed, 0);
        notify({
          message:
            total === 0 ? 'Die Löschung ist gelaufen: Es war nichts fällig.' : `Die Löschung ist gelaufen: ${total} Einträge gelöscht oder geleert.`,
        });
      },
      onError: (error) => reportError(error, 'Die Löschung konnte nicht ausgeführt werden.'),
      onSettled: () => setAsking(false),
    });
  const last = data.lastRun;

  return (
    <Stack>
      <Title order={1}>Aufbewahrung und Löschung</Title>
      <Text>
        Das Portal bewahrt personenbezogene Daten nur so lange auf, wie sie gebraucht werden (DSGVO Art. 5 Abs. 1 lit. e). Jede Nacht löscht es, was
        älter ist als die Frist der jeweiligen Regel. Die Fristen legt der Betrieb fest (RETENTION_…_DAYS). Zahlen der Auswertung und die Historie
        einer KiTa bleiben unverändert.
      </Text>
      <Table striped captionSide="top" style={{ overflowWrap: 'anywhere' }}>
        <Table.Caption>Regeln, Fristen und was in den nächsten 30 Tagen fällig wird</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Regel</Table.Th>
            <Table.Th scope="col">Frist</Table.Th>
            <Table.Th scope="col">Fällig in 30 Tagen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rules.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Th scope="row" fw="normal">
                <Text fw={600}>{r.label}</Text>
                <Text size="sm">{`${r.what} (${r.after}).`}</Text>
              </Table.Th>
              <Table.Td>{periodText(r.periodDays)}</Table.Td>
              <Table.Td>
                {r.dueNext30Days}
                {r.warnNext30Days !== undefined && r.warnNext30Days > 0 ? ` (dazu ${r.warnNext30Days} Warnungen per E-Mail)` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={2}>Letzte Ausführung</Title>
      {last === null ? (
        <Text>Noch nie ausgeführt.</Text>
      ) : (
        <Stack gap="xs">
          <Text>
            {`${formatDateTime(last.startedAt)} (${last.trigger === 'job' ? 'nächtlicher Lauf' : 'von Hand gestartet'})${
              last.finishedAt === null ? ': läuft noch' : last.failed ? ': abgebrochen' : ''
            }`}
          </Text>
          <Table>
            <Table.Caption>Gelöscht oder geleert (nur Anzahlen)</Table.Caption>
            <Table.Tbody>
              {retentionRules.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Th scope="row" fw="normal">
                    {labelOf(r.key)}
                  </Table.Th>
                  <Table.Td>
                    {last.removed[r.key] ?? 0}
                    {r.key === 'inactive-accounts' && (last.removed['inactive-accounts-warned'] ?? 0) > 0
                      ? ` (dazu ${last.removed['inactive-accounts-warned']} gewarnt)`
                      : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <Group>
        <Button onClick={() => setAsking(true)} disabled={data.running} loading={run.isPending}>
          Jetzt ausführen
        </Button>
        {data.running && <Text>Die Löschung läuft gerade.</Text>}
      </Group>
      <ConfirmDialog
        opened={asking}
        title="Löschung jetzt ausführen?"
        confirmLabel="Ja, jetzt ausführen"
        danger
        loading={run.isPending}
        onClose={() => setAsking(false)}
        onConfirm={runNow}
      >
        Alles, was nach den Regeln heute fällig ist, wird endgültig gelöscht oder geleert. Das lässt sich nicht rückgängig machen.
      </ConfirmDialog>
    </Stack>
  );
}
