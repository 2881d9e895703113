import { Stack } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { NoActiveFacility } from '../../src/components/layout/no-active-facility';
import { PageHeading } from '../../src/components/layout/page-heading';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { facilityEnrolmentsQueryOptions } from '../../src/features/programme/api/get-facility-enrolments';
import { hospitationVisitsQueryOptions } from '../../src/features/programme/api/get-hospitation-visits';
import { offeringsQueryOptions } from '../../src/features/programme/api/get-offerings';
import { HospitationVisits } from '../../src/features/programme/components/hospitation-visits';
import { OfferingsPage } from '../../src/features/programme/components/offerings-page';
import { searchEnum, searchSchema } from '../../src/lib/search-schema';
import { regions } from '../../src/shared/contracts/facility-lists';

const search = searchSchema({ region: searchEnum(regions) });

export const Route = createFileRoute('/_app/hospitationen')({
  staticData: { access: 'enrolled' },
  validateSearch: search.parse,
  loader: async ({ context: { auth, queryClient } }) => {
    const facilityId = auth.getState().activeFacilityId;
    if (facilityId === null) return;
    // the host's view is extra: started, not awaited
    void queryClient.prefetchQuery(hospitationVisitsQueryOptions(facilityId));
    await Promise.all([
      queryClient.ensureQueryData(offeringsQueryOptions(facilityId, 'hospitation')),
      queryClient.ensureQueryData(facilityEnrolmentsQueryOptions(facilityId, 'hospitation')),
    ]);
  },
  component: HospitationsPage,
});

function HospitationsPage() {
  const { activeFacilityId } = useAuthState();
  const filters = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <PageHeading>Hospitationen</PageHeading>
      {activeFacilityId === null ? (
        <NoActiveFacility />
      ) : (
        <Stack gap="xl" key={activeFacilityId}>
          <OfferingsPage
            facilityId={activeFacilityId}
            kind="hospitation"
            filters={filters}
            onFiltersChange={(next) => void navigate({ search: { region: next.region }, replace: true })}
          />
          <HospitationVisits facilityId={activeFacilityId} />
        </Stack>
      )}
    </>
  );
}
