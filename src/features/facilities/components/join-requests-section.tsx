import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../app/locale';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useLocalPaging } from '../../../components/data-table/use-local-paging';
import { reportError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import type { JoinRequest } from '../../../shared/contracts/facilities';
import { useDecideJoinRequest, type JoinDecision } from '../api/decide-join-request';
import { useJoinRequests } from '../api/get-join-requests';

/** Open requests of people who want access to the KiTa (from the duplicate hint on /neue-kita). */
export function JoinRequestsSection({ facilityId }: { facilityId: number }) {
  const { data } = useJoinRequests(facilityId);
  const pending = data.filter((r) => r.state === 'pending');
  const paging = useLocalPaging(pending);
  const decide = useDecideJoinRequest(facilityId);

  async function onDecide(request: JoinRequest, decision: JoinDecision) {
    try {
      await decide.mutateAsync({ requestId: request.id, decision });
      notify({
        message:
          decision === 'approve'
            ? `${request.user.name} hat jetzt Zugriff auf die KiTa.`
            : `Die Anfrage von ${request.user.name} ist abgelehnt.`,
      });
    } catch (error) {
      reportError(error, `Die Anfrage von ${request.user.name} konnte nicht entschieden werden.`);
    }
  }

  const busy = (r: JoinRequest, d: JoinDecision) => decide.isPending && decide.variables?.requestId === r.id && decide.variables.decision === d;
  const columns: DataTableColumn<JoinRequest>[] = [
    { key: 'name', header: 'Name', render: (r) => r.user.name },
    { key: 'email', header: 'E-Mail', render: (r) => r.user.email },
    { key: 'message', header: 'Nachricht', render: (r) => r.message || '—' },
    { key: 'created_at', header: 'Angefragt am', render: (r) => formatDateTime(r.created_at) },
    {
      key: 'actions',
      header: 'Aktionen',
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" loading={busy(r, 'approve')} disabled={decide.isPending} onClick={() => void onDecide(r, 'approve')} aria-label={`Anfrage von ${r.user.name} annehmen`}>
            Annehmen
          </Button>
          <Button size="compact-sm" variant="default" loading={busy(r, 'decline')} disabled={decide.isPending} onClick={() => void onDecide(r, 'decline')} aria-label={`Anfrage von ${r.user.name} ablehnen`}>
            Ablehnen
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Offene Zugangsanfragen
      </Title>
      {pending.length === 0 ? (
        <Text size="sm">Keine offenen Anfragen.</Text>
      ) : (
        <DataTable caption="Offene Zugangsanfragen" captionHidden columns={columns} {...paging} minWidth={760} />
      )}
    </Stack>
  );
}
