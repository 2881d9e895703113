import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../app/locale';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useLocalPaging } from '../../../components/data-table/use-local-paging';
import { AnchorLink } from '../../../components/links/anchor-link';
import type { JoinRequest } from '../../../shared/contracts/facilities';
import { usePendingJoinRequests } from '../api/list-join-requests';

const columns: DataTableColumn<JoinRequest>[] = [
  {
    key: 'facility',
    header: 'KiTa',
    render: (r) => (
      <AnchorLink to="/verwaltung/kitas/$facilityId" params={{ facilityId: r.facility_id }}>
        {r.facility_label}
      </AnchorLink>
    ),
  },
  {
    key: 'user',
    header: 'Wer',
    render: (r) => (
      <>
        {r.user.name}
        <Text component="span" size="sm" c="dimmed" display="block">
          {r.user.email}
        </Text>
      </>
    ),
  },
  { key: 'created_at', header: 'Angefragt am', render: (r) => formatDateTime(r.created_at) },
  { key: 'message', header: 'Nachricht', render: (r) => r.message || '—' },
];

/**
 * On the KiTa list: who waits for access to which KiTa, so admins find the requests without opening every KiTa.
 * Deciding happens on the KiTa's page (the link); the block is absent while nothing is open.
 */
export function PendingJoinRequests() {
  const { data, isError } = usePendingJoinRequests();
  const requests = data ?? [];
  const paging = useLocalPaging(requests, 5);
  if (isError) {
    return (
      <Text c="red" role="alert" mb="sm">
        Die offenen Zugangsanfragen konnten nicht geladen werden.
      </Text>
    );
  }
  if (requests.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby="pending-join-requests" withBorder p="md" mb="lg">
      <Stack gap="xs">
        <Title id="pending-join-requests" order={2} size="h4">
          {`Offene Zugangsanfragen (${requests.length})`}
        </Title>
        <Text size="sm" c="dimmed">
          Diese Personen möchten zu einer KiTa gehören. Öffne die KiTa, um anzunehmen oder abzulehnen.
        </Text>
        <DataTable caption="Offene Zugangsanfragen aller KiTas" captionHidden columns={columns} {...paging} pageSizeOptions={[5, 25]} minWidth={700} />
      </Stack>
    </Paper>
  );
}
