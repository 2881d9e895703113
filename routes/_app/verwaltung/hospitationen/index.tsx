import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useListState } from '../../../../src/components/list-page/use-list-state';
import { offeringListQueryOptions } from '../../../../src/features/admin-programme/api/list-offerings';
import { OfferingsAdminList } from '../../../../src/features/admin-programme/components/offerings-admin-list';
import { seasonChoicesQueryOptions } from '../../../../src/features/admin-seasons/api/list-seasons';
import { listRoute } from '../../../../src/lib/list-search';
import { adminOfferingList } from '../../../../src/shared/contracts/programme-lists';

/** the URL search parser and the loader's query, from the list contract (the kind is fixed by the page) */
const list = listRoute(adminOfferingList);

export const Route = createFileRoute('/_app/verwaltung/hospitationen/')({
  staticData: { access: 'admin' },
  validateSearch: list.validateSearch,
  loaderDeps: ({ search }) => ({ ...list.loaderDeps({ search }), kind: 'hospitation' as const }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(offeringListQueryOptions(deps)),
      context.queryClient.ensureQueryData(seasonChoicesQueryOptions()),
    ]),
  component: Page,
});

function Page() {
  const { search, onSearchChange } = useListState(Route);
  const { data: seasons } = useSuspenseQuery(seasonChoicesQueryOptions());
  return <OfferingsAdminList kind="hospitation" search={search} onSearchChange={onSearchChange} seasons={seasons} />;
}
