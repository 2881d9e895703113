import { Button, Group } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/locale';
import { reportError } from '../../lib/api-client';
import { notify } from '../../lib/notifications';
import type { JoinDecision, JoinRequest } from '../../shared/contracts/facilities';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { useLocalPaging } from '../data-table/use-local-paging';

/**
 * The decision call of whoever shows the table: members on /personal, admins on the KiTa's detail page. Each side
 * brings its own mutation because each refreshes its own queries afterwards.
 */
export type JoinDecisionMutation = Pick<
  UseMutationResult<JoinRequest, Error, { requestId: number; decision: JoinDecision }>,
  'mutateAsync' | 'isPending' | 'variables'
>;

type Props = {
  /** the open (pending) requests of one KiTa */
  requests: JoinRequest[];
  decide: JoinDecisionMutation;
};

/** Open requests to join a KiTa with "Annehmen"/"Ablehnen"; the caption is hidden, a heading right above says it. */
export function JoinRequestsTable({ requests, decide }: Props) {
  const paging = useLocalPaging(requests);

  async function onDecide(request: JoinRequest, decision: JoinDecision) {
    try {
      await decide.mutateAsync({ requestId: request.id, decision });
      notify({
        message:
          decision === 'approve' ? `${request.user.name} hat jetzt Zugriff auf die KiTa.` : `Die Anfrage von ${request.user.name} ist abgelehnt.`,
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
    { key: 'createdAt', header: 'Angefragt am', render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span> },
    {
      key: 'actions',
      header: 'Aktionen',
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            loading={busy(r, 'approve')}
            disabled={decide.isPending}
            onClick={() => void onDecide(r, 'approve')}
            aria-label={`Anfrage von ${r.user.name} annehmen`}
          >
            Annehmen
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            loading={busy(r, 'decline')}
            disabled={decide.isPending}
            onClick={() => void onDecide(r, 'decline')}
            aria-label={`Anfrage von ${r.user.name} ablehnen`}
          >
            Ablehnen
          </Button>
        </Group>
      ),
    },
  ];

  return <DataTable caption="Offene Zugangsanfragen" captionHidden columns={columns} {...paging} minWidth={760} />;
}
