import { Alert, Button, Collapse, Loader, Table, Text } from '@mantine/core';
import { Fragment, useId, useState } from 'react';
import { formatDateTime } from '../../../lib/locale';
import { TableScrollRegion } from '../../../components/data-table/table-scroll-region';
import type { FacilityChange, FacilityHistoryEntry } from '../../../shared/contracts/facilities';
import { useFacilityHistory } from '../api/get-facility-history';
import { facilityFieldLabel } from './facility-field-labels';

/** a value as plain text (React escapes it; never HTML) */
export function showValue(value: FacilityChange['before']): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  return String(value);
}

const who = (entry: FacilityHistoryEntry) => `${entry.actor?.name ?? 'unbekannt'}${entry.byAdmin ? ' (Verwaltung)' : ''}`;

function HistoryTable({ entries }: { entries: FacilityHistoryEntry[] }) {
  const captionId = useId();
  return (
    <TableScrollRegion minWidth={640} labelledBy={captionId}>
      <Table captionSide="top" withTableBorder verticalSpacing={6} fz="sm">
        <Table.Caption id={captionId} style={{ textAlign: 'left' }}>
          Die letzten Änderungen der Stammdaten, neueste zuerst
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={170}>
              Wann
            </Table.Th>
            <Table.Th scope="col" w={160}>
              Wer
            </Table.Th>
            <Table.Th scope="col" w={190}>
              Feld
            </Table.Th>
            <Table.Th scope="col" w="25%">
              Vorher
            </Table.Th>
            <Table.Th scope="col" w="25%">
              Nachher
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Fragment key={entry.id}>
              {entry.changes.map((change, index) => (
                <Table.Tr key={change.field} style={index === 0 ? undefined : { borderTop: 0 }}>
                  {index === 0 && (
                    <>
                      <Table.Td rowSpan={entry.changes.length} style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                        {formatDateTime(entry.at)}
                      </Table.Td>
                      <Table.Td rowSpan={entry.changes.length} style={{ verticalAlign: 'top' }}>
                        {who(entry)}
                      </Table.Td>
                    </>
                  )}
                  <Table.Td fw={600}>{facilityFieldLabel(change.field)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'break-word' }}>{showValue(change.before)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'break-word' }}>{showValue(change.after)}</Table.Td>
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

function HistoryContent({ facilityId }: { facilityId: number }) {
  const history = useFacilityHistory(facilityId, true);
  if (history.isPending) return <Loader size="sm" role="status" aria-label="Änderungsverlauf wird geladen" />;
  if (history.isError) {
    return (
      <Alert color="red" title="Der Änderungsverlauf konnte nicht geladen werden.">
        <Button variant="light" color="red" size="compact-sm" onClick={() => void history.refetch()}>
          Noch einmal versuchen
        </Button>
      </Alert>
    );
  }
  if (history.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Noch keine Änderungen an den Stammdaten aufgezeichnet.
      </Text>
    );
  }
  return <HistoryTable entries={history.data} />;
}

/** "Änderungsverlauf": a disclosure with the last master-data changes (who, when, field, before and after). */
export function FacilityHistory({ facilityId }: { facilityId: number }) {
  const [open, setOpen] = useState(false);
  // stays mounted after the first opening, so closing animates the table away instead of an empty box
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen(!open);
          setOpened(true);
        }}
      >
        {open ? 'Änderungsverlauf ausblenden' : 'Änderungsverlauf anzeigen'}
      </Button>
      <Collapse expanded={open} id={panelId}>
        {/* loads when opened, not with every visit of /stammdaten */}
        <div style={{ paddingTop: 'var(--mantine-spacing-xs)' }}>{opened && <HistoryContent facilityId={facilityId} />}</div>
      </Collapse>
    </div>
  );
}
