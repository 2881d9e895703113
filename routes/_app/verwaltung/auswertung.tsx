import { Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { NotFoundPage } from '../../../src/components/layout/not-found-page';
import { PageHeading } from '../../../src/components/layout/page-heading';
import { seasonReportQueryOptions } from '../../../src/features/admin-season-report/api/get-season-report';
import { SeasonReportPage } from '../../../src/features/admin-season-report/components/season-report-page';
import { seasonChoicesQueryOptions } from '../../../src/features/admin-seasons/api/list-seasons';
import { searchSchema } from '../../../src/lib/search-schema';
import { loadPage } from '../../../src/lib/load-page';

/** `?season=2026-27`; without it the current season, else the newest one */
const search = searchSchema({ season: (raw) => (typeof raw === 'string' && /^\d{4}-\d{2}$/.test(raw) ? raw : undefined) });

/** /verwaltung/auswertung (issue 22): the season report; the season switch navigates, each season is its own address */
export const Route = createFileRoute('/_app/verwaltung/auswertung')({
  staticData: { access: 'admin' },
  validateSearch: search.parse,
  loaderDeps: ({ search: { season } }) => ({ season }),
  loader: async ({ context: { queryClient, auth }, deps, cause }) => {
    const seasons = await queryClient.ensureQueryData(seasonChoicesQueryOptions());
    const season = deps.season ?? auth.getState().curSeason?.identifier ?? seasons[0]?.identifier ?? null;
    // an address naming no season shows the not-found page inside the frame (no lazy notFoundComponent in the route tree)
    if (season && !seasons.some((s) => s.identifier === season)) return { season: null, unknown: true };
    if (season) await loadPage(cause, () => queryClient.ensureQueryData(seasonReportQueryOptions(season)));
    return { season, unknown: false };
  },
  component: Page,
});

function Page() {
  const { season, unknown } = Route.useLoaderData();
  const { data: seasons } = useSuspenseQuery(seasonChoicesQueryOptions());
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
