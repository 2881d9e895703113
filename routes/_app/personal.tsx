import { Divider, Stack } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { NoActiveFacility } from '../../src/components/layout/no-active-facility';
import { PageHeading } from '../../src/components/layout/page-heading';
import { RenderLater } from '../../src/components/layout/render-later';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { useSessionFacilities } from '../../src/features/auth/hooks/use-session-facilities';
import { joinRequestsQueryOptions } from '../../src/features/facilities/api/get-join-requests';
import { membersQueryOptions } from '../../src/features/facilities/api/get-members';
import { JoinRequestsSection } from '../../src/features/facilities/components/join-requests-section';
import { MembersSection } from '../../src/features/facilities/components/members-section';
import { personsQueryOptions } from '../../src/features/staff/api/get-persons';
import { StaffList } from '../../src/features/staff/components/staff-list';

export const Route = createFileRoute('/_app/personal')({
  staticData: { access: 'facility' },
  loader: async ({ context: { auth, queryClient } }) => {
    const facilityId = auth.getState().activeFacilityId;
    if (facilityId === null) return;
    await Promise.all([
      queryClient.ensureQueryData(personsQueryOptions(facilityId)),
      queryClient.ensureQueryData(membersQueryOptions(facilityId)),
      queryClient.ensureQueryData(joinRequestsQueryOptions(facilityId)),
    ]);
  },
  component: StaffPage,
});

function StaffPage() {
  const { activeFacilityId, user } = useAuthState();
  const session = useSessionFacilities();
  const navigate = useNavigate();
  if (activeFacilityId === null || !user) {
    return (
      <>
        <PageHeading>Personal</PageHeading>
        <NoActiveFacility />
      </>
    );
  }
  return (
    <>
      <PageHeading>Personal</PageHeading>
      <Stack gap="xl" key={activeFacilityId}>
        <StaffList facilityId={activeFacilityId} />
        {/* the staff list fills the first screen; the KiTa's accounts and join requests come after it */}
        <RenderLater>
          <Divider />
          <JoinRequestsSection facilityId={activeFacilityId} />
          <MembersSection
            facilityId={activeFacilityId}
            currentUserId={user.id}
            onLeft={() => void session.removeFacility(activeFacilityId).then(() => navigate({ to: '/' }))}
          />
        </RenderLater>
      </Stack>
    </>
  );
}
