import { Badge } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { AnchorLink } from '../../../components/links/anchor-link';
import { formatDate } from '../../../lib/locale';
import { type Member } from '../../../shared/contracts/facilities';
import { type Person } from '../../../shared/contracts/persons';

const memberColumns: DataTableColumn<Member>[] = [
  { key: 'name', header: 'Name', render: (m) => `${m.firstName} ${m.lastName}` },
  { key: 'email', header: 'E-Mail' },
  { key: 'since', header: 'Mitglied seit', render: (m) => formatDate(m.since) },
];

const personColumns: DataTableColumn<Person>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (p) => (
      <AnchorLink to="/verwaltung/personen/$personId" params={{ personId: p.id }}>
        {`${p.firstName} ${p.lastName}`}
      </AnchorLink>
    ),
  },
  { key: 'position', header: 'Funktion' },
  { key: 'email', header: 'E-Mail' },
  {
    key: 'hasAccount',
    header: 'Konto',
    render: (p) => (p.hasAccount ? 'ja' : p.invitedAt ? `eingeladen am ${formatDate(p.invitedAt)}` : 'nein'),
  },
  {
    key: 'removedAt',
    header: 'Status',
    render: (p) =>
      p.removedAt ? (
        <Badge color="gray" variant="light">
          entfernt am {formatDate(p.removedAt)}
        </Badge>
      ) : (
        'aktiv'
      ),
  },
];

const all = { page: 1, pageSize: 0, onChange: () => {} } as const;

/** Accounts that are members of the KiTa (they log in and act for it). */
export function MembersTable({ members }: { members: Member[] }) {
  return (
    <DataTable
      caption="Mitglieder (Benutzerkonten)"
      columns={memberColumns}
      rows={members}
      total={members.length}
      getRowKey={(m) => m.userId}
      emptyText="Noch kein Konto gehört zu dieser KiTa."
      {...all}
    />
  );
}

/** The staff list, removed persons included (they stay for past enrolments). */
export function PersonsTable({ persons }: { persons: Person[] }) {
  return (
    <DataTable
      caption="Personal"
      columns={personColumns}
      rows={persons}
      total={persons.length}
      emptyText="Noch kein Personal eingetragen."
      {...all}
    />
  );
}
