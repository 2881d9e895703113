import { Button, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../lib/locale';
import { AnchorLink } from '../../../components/links/anchor-link';
import { TableScrollRegion } from '../../../components/data-table/table-scroll-region';
import { usePendingJoinRequests } from '../api/list-join-requests';

/** More rows than this fold away behind a button, so the KiTa list below stays in sight. */
const FIRST_ROWS = 5;

/**
 * On the KiTa list: who waits for access to which KiTa, so admins find the requests without opening every KiTa.
 * Deciding happens on the KiTa's page (the link); the block is absent while nothing is open. A plain table without
 * paging on purpose: it is a short to-do list above the real list, not a list of its own.
 */
export function PendingJoinRequests() {
  const { data, isError } = usePendingJoinRequests();
  const [showAll, setShowAll] = useState(false);
  const captionId = useId();
  if (isError) {
    return (
      <Text c="red" role="alert" mb="sm">
        Die offenen Zugangsanfragen konnten nicht geladen werden.
      </Text>
    );
  }
  const requests = data ?? [];
  if (requests.length === 0) return null;
  const shown = showAll ? requests : requests.slice(0, FIRST_ROWS);
  return (
    <Paper component="section" aria-labelledby="pending-join-requests" withBorder p="md" mb="lg">
      <Stack gap="xs">
        <Title id="pending-join-requests" order={2} size="h4">
          {`Offene Zugangsanfragen (${requests.length})`}
        </Title>
        <Text size="sm" c="dimmed">
          Diese Personen möchten zu einer KiTa gehören. Öffne die KiTa, um anzunehmen oder abzulehnen.
        </Text>
        <TableScrollRegion minWidth={700} labelledBy={captionId}>
          <Table fz="sm" verticalSpacing={6} captionSide="top">
            <Table.Caption id={captionId}>
              {/* every table has a caption (SPEC §6); the heading right above says it for sighted people */}
              <VisuallyHidden>Offene Zugangsanfragen aller KiTas</VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">KiTa</Table.Th>
                <Table.Th scope="col">Wer</Table.Th>
                <Table.Th scope="col">Angefragt am</Table.Th>
                <Table.Th scope="col">Nachricht</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <AnchorLink to="/verwaltung/kitas/$facilityId" params={{ facilityId: r.facilityId }}>
                      {r.facilityLabel}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>
                    {r.user.name}{' '}
                    <Text span size="sm" c="dimmed">
                      ({r.user.email})
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</Table.Td>
                  <Table.Td>{r.message || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
        {requests.length > FIRST_ROWS && (
          <div>
            <Button variant="subtle" size="compact-sm" onClick={() => setShowAll(!showAll)} aria-expanded={showAll}>
              {showAll ? 'Weniger anzeigen' : `Alle ${requests.length} anzeigen`}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
