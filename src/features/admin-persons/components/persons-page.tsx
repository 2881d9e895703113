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
  if (p.accountActive === null) return <Text size="sm">kein Konto</Text>;
  return (
    <Group gap={4}>
      <Badge variant="light" color={p.accountActive ? 'green' : 'gray'}>
        {p.accountActive ? 'aktiv' : 'nicht aktiv'}
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
    key: 'lastName',
    header: 'Nachname',
    sortable: true,
    render: (p) =>
      p.personId ? (
        <AnchorLink to="/verwaltung/personen/$personId" params={{ personId: p.personId }} aria-label={`${p.firstName} ${p.lastName}`}>
          {p.lastName}
        </AnchorLink>
      ) : (
        <Anchor
          component="button"
          type="button"
          onClick={() => onOpenAccount(p)}
          aria-label={`Benutzerkonto von ${p.firstName} ${p.lastName} öffnen`}
        >
          {p.lastName}
        </Anchor>
      ),
  },
  { key: 'firstName', header: 'Vorname', sortable: true },
  { key: 'email', header: 'E-Mail', sortable: true, render: (p) => breakableEmail(p.email) },
  {
    key: 'facilityLabel',
    header: 'KiTa',
    sortable: true,
    render: (p) =>
      p.facilityId ? (
        <AnchorLink to="/verwaltung/kitas/$facilityId" params={{ facilityId: p.facilityId }}>
          {p.facilityLabel ?? `Nr. ${p.facilityId}`}
        </AnchorLink>
      ) : (
        '–'
      ),
  },
  { key: 'position', header: 'Funktion', sortable: true, render: (p) => p.position ?? '–' },
  { key: 'account', header: 'Konto', render: (p) => <AccountCell p={p} /> },
  {
    key: 'createdAt',
    header: 'Angelegt am',
    sortable: true,
    hiddenByDefault: true,
    render: (p) => (p.removedAt ? `${formatDate(p.createdAt)} (entfernt ${formatDate(p.removedAt)})` : formatDate(p.createdAt)),
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
