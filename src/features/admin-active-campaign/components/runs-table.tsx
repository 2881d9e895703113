import { Button, Progress, Stack, Table, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../lib/locale';
import { acRunStateLabels, type AcRun } from '../../../shared/contracts/active-campaign';
import { useAcRun } from '../api/get-run';
import { TableScrollRegion } from '../../../components/data-table/table-scroll-region';

const countsText = (r: AcRun) =>
  `${r.counts.added} hinzugefügt, ${r.counts.updated} aktualisiert, ${r.counts.unsubscribed} abgemeldet, ${r.counts.unchanged} unverändert`;

/** the runs, newest first, as the table "Synchronisierungen" (states läuft, fertig, fehlgeschlagen) with the log of one */
export function RunsTable({ runs }: { runs: AcRun[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const detail = useAcRun(open);
  const captionId = useId();
  if (runs.length === 0) return <Text>Noch keine Synchronisierung.</Text>;
  return (
    <Stack>
      <TableScrollRegion minWidth={640} labelledBy={captionId}>
        <Table striped captionSide="top">
          <Table.Caption id={captionId} style={{ textAlign: 'left', fontWeight: 600 }}>
            Synchronisierungen
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Gestartet</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Fortschritt</Table.Th>
              <Table.Th scope="col">Ergebnis</Table.Th>
              <Table.Th scope="col">Protokoll</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((r) => {
              const percent = r.total > 0 ? Math.min(100, Math.round((r.done / r.total) * 100)) : r.state === 'running' ? 0 : 100;
              return (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    {formatDateTime(r.startedAt)}
                    <Text size="xs" c="dimmed">
                      {r.trigger === 'schedule' ? 'automatisch' : (r.startedBy ?? '')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{acRunStateLabels[r.state]}</Table.Td>
                  <Table.Td miw={140}>
                    <Progress value={percent} aria-label={`Fortschritt ${percent} Prozent`} />
                    <Text size="xs">
                      {r.done} von {r.total}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {countsText(r)}
                    {r.error && (
                      // red 9: red 8 falls below 4.5:1 on the table's striped rows (axe found it on a failed run's error)
                      <Text size="sm" c="red.9">
                        {r.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" onClick={() => setOpen(open === r.id ? null : r.id)} aria-expanded={open === r.id}>
                      {open === r.id ? 'Protokoll ausblenden' : 'Protokoll anzeigen'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
      {open !== null && detail.data && (
        <Stack gap={2} aria-label="Protokoll" role="region">
          {detail.data.log.map((l, i) => (
            <Text key={i} size="sm" c={l.level === 'error' ? 'red.9' : undefined}>
              {formatDateTime(l.at)} – {l.message}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
