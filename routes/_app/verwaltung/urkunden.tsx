import { Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeading } from '../../../src/components/layout/page-heading';
import { awardingEventsQueryOptions } from '../../../src/features/admin-programme/api/awarding-events';
import { seasonChoicesQueryOptions } from '../../../src/features/admin-seasons/api/list-seasons';
import { AdminCertificatesPage } from '../../../src/features/certificates/components/admin-certificates-page';
import { searchId, searchSchema, searchText } from '../../../src/lib/search-schema';

const search = searchSchema({
  season: searchText(7, 7),
  // an id the server can read, or "ohne"; anything else is dropped (a larger number was refused with 400)
  event: (raw): number | 'ohne' | undefined => (raw === 'ohne' ? 'ohne' : searchId(raw)),
});

/** SPEC §8: the season's Urkunden; `season` (2026-27) and `event` (an awarding event's id or "ohne") in the URL */
export const Route = createFileRoute('/_app/verwaltung/urkunden')({
  staticData: { access: 'admin' },
  validateSearch: search.parse,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(seasonChoicesQueryOptions()),
  component: CertificatesRoute,
});

function CertificatesRoute() {
  const { season, event } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: seasons } = useSuspenseQuery(seasonChoicesQueryOptions());
  const chosen = seasons.find((s) => s.identifier === season) ?? seasons.find((s) => s.isCurrent) ?? seasons[0];
  const events = useQuery({ ...awardingEventsQueryOptions(chosen?.id), enabled: chosen !== undefined });
  return (
    <>
      <PageHeading>Urkunden</PageHeading>
      {!chosen ? (
        <Text>Es ist noch kein KiTa-Jahr angelegt. Lege unter „KiTa-Jahre“ eines an; dann stehen hier seine Urkunden.</Text>
      ) : (
        <AdminCertificatesPage
          seasons={seasons}
          seasonIdentifier={chosen.identifier}
          events={(events.data?.items ?? []).map((e) => ({ id: e.id, title: e.title }))}
          awardingEventId={event}
          onFilters={(next) => void navigate({ search: { season: next.season, event: next.event }, replace: true })}
        />
      )}
    </>
  );
}
