import { Badge, Group, Text } from '@mantine/core';
import { AnchorLink } from '../../../components/links/anchor-link';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ExportButtons } from '../../../components/data-table/export-buttons';
import { tableSearchOf } from '../../../components/data-table/table-search';
import { PageHeading } from '../../../components/layout/page-heading';
import { formatDate } from '../../../lib/locale';
import { type AdminFacilityListItem } from '../../../shared/contracts/admin-facilities';
import { facilityExportUrl } from '../api/export-urls';
import { useFacilityList } from '../api/list-facilities';
import { FACILITY_LIST_DEFAULTS, facilityListQuery, type FacilityListSearch } from '../list-search';
import { FacilityFilters, type SeasonOption } from './facility-filters';
import { PendingJoinRequests } from './pending-join-requests';
import { seasonText } from '../../../shared/season-text';

type Props = {
  search: FacilityListSearch;
  seasons: SeasonOption[];
  /** writes the list's state to the URL */
  onSearchChange: (next: Partial<FacilityListSearch>) => void;
};

const columns = (enrolledTo: string): DataTableColumn<AdminFacilityListItem>[] => [
  {
    key: 'label',
    header: 'Name',
    sortable: true,
    render: (f) => (
      <AnchorLink to="/verwaltung/kitas/$facilityId" params={{ facilityId: f.id }}>
        {f.label}
      </AnchorLink>
    ),
  },
  { key: 'kind', header: 'Art', sortable: true },
  { key: 'postal_code', header: 'PLZ', sortable: true },
  { key: 'city', header: 'Ort', sortable: true },
  { key: 'region', header: 'Regierungsbezirk', sortable: true },
  { key: 'operator_name', header: 'Träger' },
  { key: 'members_count', header: 'Konten', align: 'right' },
  { key: 'persons_count', header: 'Personal', align: 'right' },
  {
    key: 'is_enrolled',
    header: `Angemeldet ${enrolledTo}`,
    label: 'Angemeldet',
    render: (f) => (f.is_enrolled ? <Badge variant="light" color="green">ja</Badge> : <Badge variant="light" color="gray">nein</Badge>),
  },
  { key: 'updated_at', header: 'Geändert am', sortable: true, render: (f) => formatDate(f.updated_at) },
];

/**
 * /verwaltung/kitas: the open join requests (if any), then all KiTas, paged, sorted, searched and filtered by the
 * server; exports of the filtered list.
 */
export function FacilitiesPage({ search, seasons, onSearchChange }: Props) {
  const query = facilityListQuery(search);
  const { data, isFetching, isError } = useFacilityList(query);
  const filterSeason = seasons.find((s) => s.id === search.enrolled_season_id);
  const enrolledTo = filterSeason ? `(${seasonText(filterSeason.identifier)})` : '(aktuelles KiTa-Jahr)';

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageHeading>KiTas</PageHeading>
        <ExportButtons urlOf={(format) => facilityExportUrl(format, search)} />
      </Group>
      <PendingJoinRequests />
      <FacilityFilters search={search} seasons={seasons} onChange={onSearchChange} />
      {isError && (
        <Text c="red" role="alert" mb="sm">
          Die KiTas konnten nicht geladen werden.
        </Text>
      )}
      <DataTable
        caption="Alle KiTas"
        columns={columns(enrolledTo)}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        page={query.page}
        pageSize={query.pageSize}
        sort={{ key: query.sort, dir: query.dir }}
        loading={isFetching}
        minWidth={1100}
        emptyText="Keine KiTa passt zu diesen Filtern."
        onChange={(next) => onSearchChange(tableSearchOf<NonNullable<FacilityListSearch['sort']>>(next, FACILITY_LIST_DEFAULTS))}
      />
    </>
  );
}
