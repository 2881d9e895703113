import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useListState } from '../../../../src/components/list-page/use-list-state';
import { facilityListQueryOptions } from '../../../../src/features/admin-facilities/api/list-facilities';
import { pendingJoinRequestsQueryOptions } from '../../../../src/features/admin-facilities/api/list-join-requests';
import { FacilitiesPage } from '../../../../src/features/admin-facilities/components/facilities-page';
import { seasonChoicesQueryOptions } from '../../../../src/features/admin-seasons/api/list-seasons';
import { listRoute } from '../../../../src/lib/list-search';
import { adminFacilityList } from '../../../../src/shared/contracts/admin-facility-list';

/** the URL search parser and the loader's query, from the list contract */
const list = listRoute(adminFacilityList);

export const Route = createFileRoute('/_app/verwaltung/kitas/')({
  staticData: { access: 'admin' },
  validateSearch: list.validateSearch,
  loader: ({ context, location }) => {
    // started with the list, not awaited: the open-requests block must not hold up (or fail) the page
    void context.queryClient.prefetchQuery(pendingJoinRequestsQueryOptions());
    return Promise.all([
      context.queryClient.ensureQueryData(facilityListQueryOptions(list.queryOf(location))),
      context.queryClient.ensureQueryData(seasonChoicesQueryOptions()),
    ]);
  },
  component: Page,
});

function Page() {
  const { search, onSearchChange } = useListState(Route);
  // seasons feed the "angemeldet zu KiTa-Jahr X" filter; the route joins the two features
  const { data: seasons } = useSuspenseQuery(seasonChoicesQueryOptions());
  return <FacilitiesPage search={search} seasons={seasons} onSearchChange={onSearchChange} />;
}
