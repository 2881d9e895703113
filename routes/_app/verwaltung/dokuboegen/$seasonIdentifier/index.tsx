import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { notFoundOn404, seasonParams } from '../../../../../src/app/route-params';
import { useListState } from '../../../../../src/components/list-page/use-list-state';
import {
  documentationListQueryOptions,
  documentationSeasonsQueryOptions,
} from '../../../../../src/features/admin-documentation/api/list-documentation';
import { DocumentationListPage } from '../../../../../src/features/admin-documentation/components/documentation-list-page';
import { DocumentationSeasonNotFound } from '../../../../../src/features/admin-documentation/components/season-not-found';
import { useAuthState } from '../../../../../src/features/auth/hooks/use-auth-state';
import { listRoute } from '../../../../../src/lib/list-search';
import { adminDocumentationList } from '../../../../../src/shared/contracts/documentation-list';

/** the URL search parser and the loader's query, from the list contract */
const list = listRoute(adminDocumentationList);

/** The season is named by its identifier (e.g. 2026-27) in the address, and as 2026/27 in text. */
export const Route = createFileRoute('/_app/verwaltung/dokuboegen/$seasonIdentifier/')({
  staticData: { access: 'admin' },
  // a parameter that can't name a season (route-params), or a season the server does not know (404)
  notFoundComponent: DocumentationSeasonNotFound,
  params: seasonParams,
  validateSearch: list.validateSearch,
  loader: async ({ context: { queryClient }, params, location, cause }) => {
    // the season switch: the documentation's own season list, which the jury may read as well
    void queryClient.prefetchQuery(documentationSeasonsQueryOptions());
    const rows = queryClient.ensureQueryData(documentationListQueryOptions(params.seasonIdentifier, list.queryOf(location)));
    // The KiTa-Jahr switch puts the season in the path, so the page stays with a new match (`cause` 'stay') and its
    // loader runs: not waited for then, or a server slower than the router's pendingMs (1 s) puts the loading page in
    // the list's place and the switch loses the focus. The previous season's rows stay under the table's overlay.
    if (cause === 'stay') return void rows.catch(() => undefined);
    await notFoundOn404(rows);
  },
  component: Page,
});

function Page() {
  const { seasonIdentifier } = Route.useParams();
  const { search, onSearchChange } = useListState(Route);
  const { user } = useAuthState();
  const isAdmin = Boolean(user?.is_admin);
  const seasons = useQuery(documentationSeasonsQueryOptions());
  const navigate = useNavigate();
  return (
    // no key per season: the page stays mounted, so the season switch keeps focus (see useFocusOnNavigation)
    <DocumentationListPage
      seasonIdentifier={seasonIdentifier}
      search={search}
      onSearchChange={onSearchChange}
      seasons={seasons.data ?? null}
      onSeasonChange={(next) => void navigate({ to: '/verwaltung/dokuboegen/$seasonIdentifier', params: { seasonIdentifier: next } })}
      isAdmin={isAdmin}
      isJury={Boolean(user?.isJury)}
    />
  );
}
