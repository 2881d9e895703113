import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { facilityListQueryOptions } from '../../../../src/features/admin-facilities/api/list-facilities';
import { pendingJoinRequestsQueryOptions } from '../../../../src/features/admin-facilities/api/list-join-requests';
import { FacilitiesPage } from '../../../../src/features/admin-facilities/components/facilities-page';
import { facilityListQuery, facilityListSearchSchema, type FacilityListSearch } from '../../../../src/features/admin-facilities/list-search';
import { seasonsQueryOptions } from '../../../../src/features/admin-seasons/api/list-seasons';

export const Route = createFileRoute('/_app/verwaltung/kitas/')({
  staticData: { access: 'admin' },
  validateSearch: (raw) => facilityListSearchSchema.parse(raw),
  loaderDeps: ({ search }) => facilityListQuery(search),
  loader: ({ context, deps }) => {
    // started with the list, not awaited: the open-requests block must not hold up (or fail) the page
    void context.queryClient.prefetchQuery(pendingJoinRequestsQueryOptions());
    return Promise.all([context.queryClient.ensureQueryData(facilityListQueryOptions(deps)), context.queryClient.ensureQueryData(seasonsQueryOptions())]);
  },
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  // seasons feed the "angemeldet zu KiTa-Jahr X" filter; the route joins the two features
  const { data: seasons } = useSuspenseQuery(seasonsQueryOptions());
  const onSearchChange = (next: Partial<FacilityListSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  return <FacilitiesPage search={search} seasons={seasons} onSearchChange={onSearchChange} />;
}
