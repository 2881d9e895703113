import { createFileRoute } from '@tanstack/react-router';
import { NoActiveFacility } from '../../src/components/layout/no-active-facility';
import { PageHeading } from '../../src/components/layout/page-heading';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { teamWorkshopQueryOptions } from '../../src/features/team-workshops/api/get-team-workshop';
import { TeamWorkshopView } from '../../src/features/team-workshops/components/team-workshop-view';

export const Route = createFileRoute('/_app/team-workshop-application')({
  staticData: { access: 'enrolled' },
  loader: async ({ context: { auth, queryClient } }) => {
    const facilityId = auth.getState().activeFacilityId;
    if (facilityId !== null) await queryClient.ensureQueryData(teamWorkshopQueryOptions(facilityId));
  },
  component: TeamWorkshopPage,
});

function TeamWorkshopPage() {
  const { activeFacilityId } = useAuthState();
  return (
    <>
      <PageHeading>Team-Workshop</PageHeading>
      {activeFacilityId === null ? <NoActiveFacility /> : <TeamWorkshopView key={activeFacilityId} facilityId={activeFacilityId} />}
    </>
  );
}
