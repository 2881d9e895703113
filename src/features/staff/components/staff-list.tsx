import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { formatDate } from '../../../lib/locale';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../../components/data-table/data-table';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { lazyAfterFirstPaint } from '../../../components/layout/render-later';
import { reportError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import type { Person } from '../../../shared/contracts/persons';
import { SEARCH_MAX } from '../../../shared/contracts/list-contract';
import { asSearchText } from '../../../shared/contracts/text';
import { firstPersonsPage, usePersons, type PersonListQuery } from '../api/get-persons';
import { useInvitePerson } from '../api/invite-person';
import { useRemovePerson } from '../api/remove-person';

const fullName = (p: Person) => `${p.firstName} ${p.lastName}`;

// the dialog and its form come after the list's first paint (issue 35)
const PersonFormDialog = lazyAfterFirstPaint(() => import('./person-form-dialog').then((m) => m.PersonFormDialog));

function AccountState({ person }: { person: Person }) {
  const badge = { variant: 'light', tt: 'none', fw: 600 } as const;
  if (person.hasAccount)
    return (
      <Badge color="green" {...badge}>
        hat ein Konto
      </Badge>
    );
  if (person.invitedAt)
    return (
      <Badge color="blue" {...badge}>
        eingeladen am {formatDate(person.invitedAt)}
      </Badge>
    );
  return (
    <Badge color="gray" {...badge}>
      kein Konto
    </Badge>
  );
}

/** /personal: the KiTa's staff list with add, edit, remove and the invitation to an account. */
export function StaffList({ facilityId }: { facilityId: number }) {
  const [query, setQuery] = useState<PersonListQuery>(firstPersonsPage);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const { data, isFetching } = usePersons(facilityId, { ...query, q: q || undefined });
  const [editing, setEditing] = useState<Person | 'new' | null>(null);
  const [removing, setRemoving] = useState<Person | null>(null);
  const remove = useRemovePerson(facilityId);
  const invite = useInvitePerson(facilityId);

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync({ personId: removing.id, version: removing.version });
      notify({ message: `${fullName(removing)} ist nicht mehr im Personal eingetragen.` });
    } catch (error) {
      reportError(error, `${fullName(removing)} konnte nicht entfernt werden.`);
    } finally {
      setRemoving(null);
    }
  }

  async function sendInvitation(person: Person) {
    try {
      const answer = await invite.mutateAsync(person.id);
      notify({ message: `Die Einladung an ${answer.email} ist unterwegs.` });
    } catch (error) {
      reportError(error, `Die Einladung an ${fullName(person)} konnte nicht verschickt werden.`);
    }
  }

  const columns: DataTableColumn<Person>[] = [
    { key: 'lastName', header: 'Name', sortable: true, render: (p) => `${p.lastName}, ${p.firstName}` },
    { key: 'position', header: 'Funktion', sortable: true },
    {
      key: 'email',
      header: 'E-Mail und Telefon',
      label: 'E-Mail',
      sortable: true,
      render: (p) => (
        <>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {p.email || '—'}
          </Text>
          {p.phone && (
            <Text size="xs" c="dimmed">
              {p.phone}
            </Text>
          )}
        </>
      ),
    },
    { key: 'account', header: 'Benutzerkonto', render: (p) => <AccountState person={p} /> },
    {
      key: 'actions',
      header: 'Aktionen',
      render: (p) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={() => setEditing(p)} aria-label={`${fullName(p)} bearbeiten`}>
            Bearbeiten
          </Button>
          {!p.hasAccount && p.email && (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={invite.isPending && invite.variables === p.id}
              onClick={() => void sendInvitation(p)}
              aria-label={`${fullName(p)} ${p.invitedAt ? 'erneut ' : ''}einladen`}
            >
              {p.invitedAt ? 'Erneut einladen' : 'Einladen'}
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRemoving(p)} aria-label={`${fullName(p)} entfernen`}>
            Entfernen
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="staff-heading">
          Personal der KiTa
        </Title>
        <Button onClick={() => setEditing('new')}>Person hinzufügen</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Mit „Einladen“ bekommt eine Person einen Link, mit dem sie ein Benutzerkonto anlegt, das mit ihrem Eintrag und dieser KiTa verbunden ist.
      </Text>
      <TextInput
        label="Personal durchsuchen"
        placeholder="Name oder E-Mail"
        maw={360}
        maxLength={SEARCH_MAX}
        value={search}
        onChange={(e) => {
          setSearch(asSearchText(e.currentTarget.value));
          setQuery((current) => ({ ...current, page: 1 }));
        }}
      />
      <DataTable
        caption="Personal der KiTa"
        captionHidden
        columns={columns}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        page={query.page}
        pageSize={query.pageSize}
        sort={{ key: query.sort, dir: query.dir }}
        onChange={(next: DataTableQuery) =>
          setQuery((current) => ({ ...current, ...next, sort: (next.sort ?? current.sort) as PersonListQuery['sort'] }))
        }
        loading={isFetching}
        emptyText={q ? 'Niemand passt zu deiner Suche.' : 'Noch niemand eingetragen. Füge die erste Person hinzu.'}
        minWidth={900}
      />
      {editing && <PersonFormDialog facilityId={facilityId} person={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={removing !== null}
        title="Person entfernen?"
        confirmLabel="Ja, entfernen"
        danger
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      >
        {removing
          ? `${fullName(removing)} wird aus dem Personal entfernt. Frühere Anmeldungen mit dieser Person bleiben erhalten; ein Benutzerkonto wird dadurch nicht gelöscht.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
