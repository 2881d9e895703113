import { Anchor, Badge, Group, Text } from '@mantine/core';
import { type DataTableColumn } from '../../../components/data-table/data-table';
import { ListPage } from '../../../components/list-page/list-page';
import { AnchorLink } from '../../../components/links/anchor-link';
import { formatDate } from '../../../lib/locale';
import { type AdminPersonListItem } from '../../../shared/contracts/admin-persons';
import { adminPersonList } from '../../../shared/contracts/admin-person-list';
import { listQueryOf } from '../../../shared/contracts/list-contract';
import { usePersonList } from '../api/list-persons';
import { PersonFilters, type PersonListSearch } from './person-filters';

type Props = {
  search: PersonListSearch;
  onSearchChange: (next: Partial<PersonListSearch>) => void;
  /** accounts without a staff entry have no person page: the route opens their account in a dialog */
  onOpenAccount: (row: AdminPersonListItem) => void;
};

function AccountCell({ p }: { p: AdminPersonListItem }) {
  if (p.account_active === null) return <Text size="sm">kein Konto</Text>;
  return (
    <Group gap={4}>
      <Badge variant="light" color={p.account_active ? 'green' : 'gray'}>
        {p.account_active ? 'aktiv' : 'nicht aktiv'}
      </Badge>
      {p.is_admin && <Badge variant="light">Admin</Badge>}
    </Group>
  );
}

const texts = { heading: 'Personen', caption: 'Alle Personen und Benutzerkonten', searchHint: 'Name, E-Mail oder KiTa',
  filtersLabel: 'Personen filtern', empty: 'Niemand passt zu diesen Filtern.', error: 'Die Personen konnten nicht geladen werden.' };

const columns = (onOpenAccount: Props['onOpenAccount']): DataTableColumn<AdminPersonListItem>[] => [
  {
    key: 'last_name',
    header: 'Name',
    sortable: true,
    render: (p) => {
      const name = `${p.last_name}, ${p.first_name}`;
      return p.person_id ? (
        <AnchorLink to="/verwaltung/personen/$personId" params={{ personId: p.person_id }}>
          {name}
        </AnchorLink>
      ) : (
        <Anchor component="button" type="button" onClick={() => onOpenAccount(p)} aria-label={`Benutzerkonto von ${p.first_name} ${p.last_name} öffnen`}>
          {name}
        </Anchor>
      );
    },
  },
  { key: 'first_name', header: 'Vorname', sortable: true },
  { key: 'email', header: 'E-Mail', sortable: true },
  {
    key: 'facility_label',
    header: 'KiTa',
    sortable: true,
    render: (p) =>
      p.facility_id ? (
        <AnchorLink to="/verwaltung/kitas/$facilityId" params={{ facilityId: p.facility_id }}>
          {p.facility_label ?? `Nr. ${p.facility_id}`}
        </AnchorLink>
      ) : (
        '–'
      ),
  },
  { key: 'position', header: 'Funktion', sortable: true, render: (p) => p.position ?? '–' },
  { key: 'account', header: 'Konto', render: (p) => <AccountCell p={p} /> },
  {
    key: 'created_at',
    header: 'Angelegt am',
    sortable: true,
    render: (p) => (p.removed_at ? `${formatDate(p.created_at)} (entfernt ${formatDate(p.removed_at)})` : formatDate(p.created_at)),
  },
];

/** /verwaltung/personen: every staff entry of every KiTa and every account without one, server-side paged. */
export function PersonsPage({ search, onSearchChange, onOpenAccount }: Props) {
  const result = usePersonList(listQueryOf(adminPersonList, search));
  return (
    <ListPage contract={adminPersonList} search={search} onSearchChange={onSearchChange} result={result} texts={texts} exports
      filters={<PersonFilters search={search} onChange={onSearchChange} />} columns={columns(onOpenAccount)} getRowKey={(p) => p.key}
    />
  );
}
