import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { NoActiveFacility } from '../../src/components/layout/no-active-facility';
import { PageHeading } from '../../src/components/layout/page-heading';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { facilityEnrolmentsQueryOptions } from '../../src/features/programme/api/get-facility-enrolments';
import { offeringsQueryOptions } from '../../src/features/programme/api/get-offerings';
import { OfferingsPage } from '../../src/features/programme/components/offerings-page';
import { searchEnum, searchInt, searchSchema } from '../../src/lib/search-schema';
import { regions } from '../../src/shared/contracts/facility-lists';

const search = searchSchema({ region: searchEnum(regions), moduleId: searchInt(1) });

export const Route = createFileRoute('/_app/fortbildungen')({
  staticData: { access: 'enrolled' },
  validateSearch: search.parse,
  loader: async ({ context: { auth, queryClient } }) => {
    const facilityId = auth.getState().activeFacilityId;
    if (facilityId === null) return;
    await Promise.all([
      queryClient.ensureQueryData(offeringsQueryOptions(facilityId, 'training')),
      queryClient.ensureQueryData(facilityEnrolmentsQueryOptions(facilityId, 'training')),
    ]);
  },
  component: TrainingsPage,
});

function TrainingsPage() {
  const { activeFacilityId } = useAuthState();
  const filters = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <PageHeading>Fortbildungen</PageHeading>
      {activeFacilityId === null ? (
        <NoActiveFacility />
      ) : (
        <OfferingsPage
          key={activeFacilityId}
          facilityId={activeFacilityId}
          kind="training"
          filters={filters}
          onFiltersChange={(next) => void navigate({ search: next, replace: true })}
        />
      )}
    </>
  );
}
