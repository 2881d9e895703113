import { createFileRoute } from '@tanstack/react-router';
import { NoActiveFacility } from '../../src/components/layout/no-active-facility';
import { PageHeading } from '../../src/components/layout/page-heading';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { awardingQueryOptions } from '../../src/features/programme/api/get-awarding';
import { facilityEnrolmentsQueryOptions } from '../../src/features/programme/api/get-facility-enrolments';
import { AwardingPage } from '../../src/features/programme/components/awarding-page';

export const Route = createFileRoute('/_app/auszeichnungsverantaltung')({
  staticData: { access: 'enrolled' },
  loader: async ({ context: { auth, queryClient } }) => {
    const facilityId = auth.getState().activeFacilityId;
    if (facilityId === null) return;
    await Promise.all([
      queryClient.ensureQueryData(awardingQueryOptions(facilityId)),
      queryClient.ensureQueryData(facilityEnrolmentsQueryOptions(facilityId, 'awarding')),
    ]);
  },
  component: AwardingRoute,
});

function AwardingRoute() {
  const { activeFacilityId } = useAuthState();
  return (
    <>
      <PageHeading>Auszeichnungsveranstaltung</PageHeading>
      {activeFacilityId === null ? <NoActiveFacility /> : <AwardingPage key={activeFacilityId} facilityId={activeFacilityId} />}
    </>
  );
}
