import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { TableScrollRegion } from '../../../components/data-table/table-scroll-region';
import { reportError } from '../../../lib/api-client';
import { contactKindLabels, exclusionRuleLabels, type EmailListQuery } from '../../../shared/contracts/email-lists';
import { exportLeftOut, LEFT_OUT_SHOWN, useLeftOut } from '../api/left-out';

/**
 * Who the criteria leave out, and why (issue 34: "1 ausgelassen: keine E-Mail-Adresse" named no one): name, KiTa,
 * Funktion, kind of contact and the rule, so an admin can fix the data behind each; all of them as a CSV.
 */
export function LeftOutDialog({ query, onClose }: { query: EmailListQuery; onClose: () => void }) {
  const leftOut = useLeftOut(query, true);
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      await exportLeftOut(query);
    } catch (error) {
      reportError(error, 'Die ausgelassenen Kontakte konnten nicht exportiert werden.');
    } finally {
      setExporting(false);
    }
  };
  const data = leftOut.data;
  return (
    <Modal opened onClose={onClose} title="Ausgelassene Kontakte" size="xl" closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <Stack>
        <Text size="sm">
          Diese Kontakte erfüllen die Kriterien, stehen aber nicht auf der Liste. Ergänze oder korrigiere ihre Daten bei der KiTa oder unter
          „Personen“, dann sind sie dabei.
        </Text>
        {leftOut.isPending && <Loader size="sm" aria-label="Ausgelassene Kontakte werden geladen" />}
        {leftOut.isError && (
          <Alert color="red" title="Nicht geladen">
            Die ausgelassenen Kontakte konnten gerade nicht geladen werden. Versuche es gleich noch einmal.
          </Alert>
        )}
        {data && (
          <TableScrollRegion minWidth={640} labelledBy="left-out-caption">
            <Table captionSide="top" striped>
              <Table.Caption id="left-out-caption" style={{ textAlign: 'left', fontWeight: 600 }}>
                {data.total > data.items.length
                  ? `Die ersten ${data.items.length} von ${data.total.toLocaleString('de-DE')} ausgelassenen Kontakten`
                  : `${data.total.toLocaleString('de-DE')} ausgelassene${data.total === 1 ? 'r Kontakt' : ' Kontakte'}`}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Grund</Table.Th>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">KiTa</Table.Th>
                  <Table.Th scope="col">Funktion</Table.Th>
                  <Table.Th scope="col">Art</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((c, i) => (
                  <Table.Tr key={`${c.rule}-${c.kind}-${c.facility}-${c.name}-${i}`}>
                    <Table.Td>{exclusionRuleLabels[c.rule]}</Table.Td>
                    <Table.Td>{c.name || '–'}</Table.Td>
                    <Table.Td>{c.facility}</Table.Td>
                    <Table.Td>{c.position || '–'}</Table.Td>
                    <Table.Td>{contactKindLabels[c.kind]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
        {data && data.total > LEFT_OUT_SHOWN && <Text size="sm">Alle {data.total.toLocaleString('de-DE')} stehen in der CSV-Datei.</Text>}
        <Group justify="flex-end">
          <Button variant="light" loading={exporting} onClick={() => void download()} disabled={!data || data.total === 0}>
            Ausgelassene als CSV (Excel) exportieren
          </Button>
          <Button variant="default" onClick={onClose} data-autofocus>
            Schließen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
