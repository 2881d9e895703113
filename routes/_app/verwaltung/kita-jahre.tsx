import { createFileRoute } from '@tanstack/react-router';
import { useListState } from '../../../src/components/list-page/use-list-state';
import { seasonChoicesQueryOptions, seasonListQueryOptions } from '../../../src/features/admin-seasons/api/list-seasons';
import { SeasonsPage } from '../../../src/features/admin-seasons/components/seasons-page';
import { listRoute } from '../../../src/lib/list-search';
import { adminSeasonList } from '../../../src/shared/contracts/admin-season-list';

/** the URL search parser and the loader's query, from the list contract */
const list = listRoute(adminSeasonList);

export const Route = createFileRoute('/_app/verwaltung/kita-jahre')({
  staticData: { access: 'admin' },
  validateSearch: list.validateSearch,
  loader: ({ context, location }) =>
    Promise.all([
      context.queryClient.ensureQueryData(seasonListQueryOptions(list.queryOf(location))),
      context.queryClient.ensureQueryData(seasonChoicesQueryOptions()),
    ]),
  component: Page,
});

function Page() {
  const { search, onSearchChange } = useListState(Route);
  return <SeasonsPage search={search} onSearchChange={onSearchChange} />;
}
