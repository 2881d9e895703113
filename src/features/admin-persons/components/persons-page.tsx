import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Fragment } from 'react';
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

/**
 * A long address may break after its "@" and before each dot ("sophie.bauer@" / "zauberwald.kita" / ".demo.example")
 * instead of widening the table past a 1280 px window; never inside a word.
 */
function breakableEmail(email: string | null) {
  if (!email) return '';
  return email.split(/(?<=@)|(?=\.)/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

const texts = {
  heading: 'Personen',
  caption: 'Alle Personen und Benutzerkonten',
  searchHint: 'Name, E-Mail oder KiTa',
  filtersLabel: 'Personen filtern',
  empty: 'Niemand passt zu diesen Filtern.',
  error: 'Die Personen konnten nicht geladen werden.',
};

const columns = (onOpenAccount: Props['onOpenAccount']): DataTableColumn<AdminPersonListItem>[] => [
  // issue 19: "Name" showed "Bauer, Sophie" next to "Vorname" "Sophie"; now each name once, each sortable
  {
    key: 'last_name',
    header: 'Nachname',
    sortable: true,
    render: (p) =>
      p.person_id ? (
        <AnchorLink to="/verwaltung/personen/$personId" params={{ personId: p.person_id }} aria-label={`${p.first_name} ${p.last_name}`}>
          {p.last_name}
        </AnchorLink>
      ) : (
        <Anchor
          component="button"
          type="button"
          onClick={() => onOpenAccount(p)}
          aria-label={`Benutzerkonto von ${p.first_name} ${p.last_name} öffnen`}
        >
          {p.last_name}
        </Anchor>
      ),
  },
  { key: 'first_name', header: 'Vorname', sortable: true },
  { key: 'email', header: 'E-Mail', sortable: true, render: (p) => breakableEmail(p.email) },
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
    hiddenByDefault: true,
    render: (p) => (p.removed_at ? `${formatDate(p.created_at)} (entfernt ${formatDate(p.removed_at)})` : formatDate(p.created_at)),
  },
];

/** /verwaltung/personen: every staff entry of every KiTa and every account without one, server-side paged. */
export function PersonsPage({ search, onSearchChange, onOpenAccount }: Props) {
  const result = usePersonList(listQueryOf(adminPersonList, search));
  return (
    <ListPage
      contract={adminPersonList}
      search={search}
      onSearchChange={onSearchChange}
      result={result}
      texts={texts}
      exports
      filters={<PersonFilters search={search} onChange={onSearchChange} />}
      columns={columns(onOpenAccount)}
      getRowKey={(p) => p.key}
      minWidth={900}
    />
  );
}
