import { Anchor, Badge, Group, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ExportButtons } from '../../../components/data-table/export-buttons';
import { tableSearchOf } from '../../../components/data-table/table-search';
import { PageHeading } from '../../../components/layout/page-heading';
import { AnchorLink } from '../../../components/links/anchor-link';
import { formatDate } from '../../../lib/locale';
import { type AdminPersonListItem } from '../../../shared/contracts/admin-persons';
import { personExportUrl } from '../api/export-urls';
import { usePersonList } from '../api/list-persons';
import { PERSON_LIST_DEFAULTS, personListQuery, type PersonListSearch } from '../list-search';
import { PersonFilters } from './person-filters';

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
  const query = personListQuery(search);
  const { data, isFetching, isError } = usePersonList(query);
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageHeading>Personen</PageHeading>
        <ExportButtons urlOf={(format) => personExportUrl(format, search)} />
      </Group>
      <PersonFilters search={search} onChange={onSearchChange} />
      {isError && (
        <Text c="red" role="alert" mb="sm">
          Die Personen konnten nicht geladen werden.
        </Text>
      )}
      <DataTable
        caption="Alle Personen und Benutzerkonten"
        columns={columns(onOpenAccount)}
        rows={data?.items ?? []}
        getRowKey={(p) => p.key}
        total={data?.total ?? 0}
        page={query.page}
        pageSize={query.pageSize}
        sort={{ key: query.sort, dir: query.dir }}
        loading={isFetching}
        minWidth={1100}
        emptyText="Niemand passt zu diesen Filtern."
        onChange={(next) => onSearchChange(tableSearchOf<NonNullable<PersonListSearch['sort']>>(next, PERSON_LIST_DEFAULTS))}
      />
    </>
  );
}
