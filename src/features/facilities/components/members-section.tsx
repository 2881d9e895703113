import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '../../../lib/locale';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useLocalPaging } from '../../../components/data-table/use-local-paging';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { reportError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import type { Member } from '../../../shared/contracts/facilities';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';

type Props = {
  facilityId: number;
  currentUserId: number;
  /** the user removed their own access: the session must forget the KiTa */
  onLeft: () => void;
};

const nameOf = (m: Member) => `${m.firstName} ${m.lastName}`.trim() || m.email;

/** Accounts with access to the KiTa, and "Zugriff entziehen" for each. */
export function MembersSection({ facilityId, currentUserId, onLeft }: Props) {
  const { data: members } = useMembers(facilityId);
  const paging = useLocalPaging(members);
  const remove = useRemoveMember(facilityId);
  const [removing, setRemoving] = useState<Member | null>(null);
  const lastMember = members.length === 1 && removing !== null && members[0]?.userId === removing.userId;

  async function confirm() {
    if (!removing) return;
    const self = removing.userId === currentUserId;
    try {
      // the dialog said so: the server refuses to remove the last member without this confirmation
      await remove.mutateAsync({ userId: removing.userId, confirmLastMember: lastMember });
      notify({ message: self ? 'Du hast keinen Zugriff mehr auf diese KiTa.' : `${nameOf(removing)} hat keinen Zugriff mehr auf diese KiTa.` });
      setRemoving(null);
      if (self) onLeft();
    } catch (error) {
      reportError(error, `Der Zugriff von ${nameOf(removing)} konnte nicht entzogen werden.`);
      setRemoving(null);
    }
  }

  const columns: DataTableColumn<Member>[] = [
    { key: 'name', header: 'Name', render: (m) => (m.userId === currentUserId ? `${nameOf(m)} (du)` : nameOf(m)) },
    { key: 'email', header: 'E-Mail' },
    { key: 'since', header: 'Zugriff seit', render: (m) => formatDate(m.since) },
    {
      key: 'person',
      header: 'Im Personal',
      render: (m) => (
        <Badge variant="light" tt="none" color={m.personId ? 'green' : 'gray'}>
          {m.personId ? 'verknüpft' : 'nicht verknüpft'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Aktionen',
      render: (m) => (
        <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRemoving(m)} aria-label={`Zugriff entziehen: ${nameOf(m)}`}>
          Zugriff entziehen
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Benutzerkonten mit Zugriff
      </Title>
      <Text size="sm" c="dimmed">
        Diese Benutzerkonten können die KiTa im Portal bearbeiten: Stammdaten, Personal und Anmeldungen.
      </Text>
      <DataTable caption="Benutzerkonten mit Zugriff" captionHidden columns={columns} getRowKey={(m) => m.userId} {...paging} minWidth={760} />
      <ConfirmDialog
        opened={removing !== null}
        title="Zugriff entziehen?"
        confirmLabel="Ja, Zugriff entziehen"
        danger
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => void confirm()}
      >
        <Stack gap="xs">
          <Text>
            {removing?.userId === currentUserId
              ? 'Du entziehst dir selbst den Zugriff auf diese KiTa. Danach kannst du sie im Portal nicht mehr sehen.'
              : `${removing ? nameOf(removing) : ''} kann die KiTa danach im Portal nicht mehr sehen oder bearbeiten. Das Benutzerkonto bleibt bestehen.`}
          </Text>
          {lastMember && (
            <Text fw={700}>
              {removing?.userId === currentUserId ? 'Du bist' : `${removing ? nameOf(removing) : ''} ist`} das letzte Mitglied dieser KiTa. Danach
              kann niemand mehr ihre Daten im Portal bearbeiten.
            </Text>
          )}
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
