import { Badge } from '@mantine/core';
import { type DataTableColumn } from '../../../components/data-table/data-table';
import { AnchorLink } from '../../../components/links/anchor-link';
import { ListPage } from '../../../components/list-page/list-page';
import { formatDate } from '../../../lib/locale';
import { type AdminFacilityListItem } from '../../../shared/contracts/admin-facilities';
import { adminFacilityList } from '../../../shared/contracts/admin-facility-list';
import { shownOrNotGiven } from '../../../shared/contracts/facility-lists';
import { listQueryOf } from '../../../shared/contracts/list-contract';
import { useFacilityList } from '../api/list-facilities';
import { FacilityFilters, type FacilityListSearch, type SeasonOption } from './facility-filters';
import { PendingJoinRequests } from './pending-join-requests';
import { seasonText } from '../../../shared/season-text';

type Props = {
  search: FacilityListSearch;
  seasons: SeasonOption[];
  /** writes the list's state to the URL */
  onSearchChange: (next: Partial<FacilityListSearch>) => void;
};

const texts = {
  heading: 'KiTas',
  caption: 'Alle KiTas',
  searchHint: 'Name, Ort oder Postleitzahl',
  filtersLabel: 'KiTas filtern',
  empty: 'Keine KiTa passt zu diesen Filtern.',
  error: 'Die KiTas konnten nicht geladen werden.',
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
  { key: 'kind', header: 'Art', sortable: true, render: (f) => shownOrNotGiven(f.kind) },
  { key: 'postalCode', header: 'PLZ', sortable: true },
  { key: 'city', header: 'Ort', sortable: true },
  { key: 'region', header: 'Regierungsbezirk', sortable: true },
  // issue 19: the defaults fit 1280 px; these are one click away under "Spalten"
  { key: 'operatorName', header: 'Träger', hiddenByDefault: true },
  { key: 'membersCount', header: 'Konten', align: 'right', hiddenByDefault: true },
  { key: 'personsCount', header: 'Personal', align: 'right', hiddenByDefault: true },
  {
    key: 'isEnrolled',
    header: `Angemeldet ${enrolledTo}`,
    label: 'Angemeldet',
    render: (f) =>
      f.isEnrolled ? (
        <Badge variant="light" color="green">
          ja
        </Badge>
      ) : (
        <Badge variant="light" color="gray">
          nein
        </Badge>
      ),
  },
  { key: 'updatedAt', header: 'Geändert am', sortable: true, render: (f) => formatDate(f.updatedAt) },
];

/**
 * /verwaltung/kitas: the open join requests (if any), then all KiTas, paged, sorted, searched and filtered by the
 * server; exports of the filtered list.
 */
export function FacilitiesPage({ search, seasons, onSearchChange }: Props) {
  const result = useFacilityList(listQueryOf(adminFacilityList, search));
  const filterSeason = seasons.find((s) => s.id === search.enrolledSeasonId);
  const enrolledTo = filterSeason ? `(${seasonText(filterSeason.identifier)})` : '(aktuelles KiTa-Jahr)';

  return (
    <ListPage
      contract={adminFacilityList}
      search={search}
      onSearchChange={onSearchChange}
      result={result}
      texts={texts}
      exports
      filters={<FacilityFilters search={search} seasons={seasons} onChange={onSearchChange} />}
      columns={columns(enrolledTo)}
    >
      <PendingJoinRequests />
    </ListPage>
  );
}
