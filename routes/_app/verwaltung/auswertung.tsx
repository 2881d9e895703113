import { Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { NotFoundPage } from '../../../src/components/layout/not-found-page';
import { PageHeading } from '../../../src/components/layout/page-heading';
import { seasonReportQueryOptions } from '../../../src/features/admin-season-report/api/get-season-report';
import { SeasonReportPage } from '../../../src/features/admin-season-report/components/season-report-page';
import { seasonChoicesQueryOptions } from '../../../src/features/admin-seasons/api/list-seasons';
import { searchSchema } from '../../../src/lib/search-schema';
import type { RouterContext } from '../../../src/app/router-context';

/** `?season=2026-27`; without it the current season, else the newest one */
const search = searchSchema({ season: (raw) => (typeof raw === 'string' && /^\d{4}-\d{2}$/.test(raw) ? raw : undefined) });

/**
 * The season shown: the address's, else the current one, else the newest. An address naming no season is `unknown`
 * and shows the not-found page inside the frame (no lazy notFoundComponent in the route tree).
 */
function seasonShown(asked: string | undefined, seasons: readonly { identifier: string }[], auth: RouterContext['auth']) {
  const season = asked ?? auth.getState().curSeason?.identifier ?? seasons[0]?.identifier ?? null;
  if (season && !seasons.some((s) => s.identifier === season)) return { season: null, unknown: true };
  return { season, unknown: false };
}

/**
 * /verwaltung/auswertung (issue 22): the season report; the season switch navigates, each season is its own address.
 * The season is read from the address the loader runs for, not a `loaderDeps` (src/lib/list-search.ts, listRoute): the
 * page keeps its match while the switch steps through the seasons, and the report's query keeps the previous one shown.
 */
export const Route = createFileRoute('/_app/verwaltung/auswertung')({
  staticData: { access: 'admin' },
  validateSearch: search.parse,
  loader: async ({ context: { queryClient, auth }, location }) => {
    const seasons = await queryClient.ensureQueryData(seasonChoicesQueryOptions());
    const { season } = seasonShown(search.parse(location.search).season, seasons, auth);
    if (season) await queryClient.ensureQueryData(seasonReportQueryOptions(season));
  },
  component: Page,
});

function Page() {
  const { data: seasons } = useSuspenseQuery(seasonChoicesQueryOptions());
  const { season, unknown } = seasonShown(Route.useSearch().season, seasons, Route.useRouteContext().auth);
  const navigate = useNavigate();
  if (unknown) return <NotFoundPage />;
  if (!season)
    return (
      <>
        <PageHeading>Auswertung</PageHeading>
        <Text>Es ist noch kein KiTa-Jahr angelegt. Lege unter „KiTa-Jahre“ eines an; dann steht hier seine Auswertung.</Text>
      </>
    );
  // no key per season: the page stays mounted, so the season switch keeps focus while its arrow keys step through the
  // seasons (a change of context on input would break WCAG 3.2.2; the focus keeper would move it to the heading)
  return (
    <SeasonReportPage
      seasonIdentifier={season}
      seasons={seasons}
      onSeasonChange={(next) => void navigate({ to: '/verwaltung/auswertung', search: { season: next } })}
    />
  );
}
