import { createFileRoute } from '@tanstack/react-router';
import { NoActiveFacility } from '../../src/components/layout/no-active-facility';
import { PageHeading } from '../../src/components/layout/page-heading';
import { Stack } from '@mantine/core';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { AttendanceCertificateButton, FacilityCertificates } from '../../src/features/certificates/components/facility-certificates';
import { AwardingPage } from '../../src/features/programme/components/awarding-page';
import { facilityCertificatesQueryOptions } from '../../src/features/certificates/api/facility-certificates';
import { programmeLoader } from './-components/programme-loader';

const awardingLoader = programmeLoader('awarding');

export const Route = createFileRoute('/_app/auszeichnungsverantaltung')({
  staticData: { access: 'enrolled' },
  loader: (ctx) => {
    // the certificates asked for with the page's data, not awaited: the page does not wait for them, and they are
    // mostly there when it renders, so the section seldom changes its height on a phone's screen
    const facilityId = ctx.context.auth.getState().activeFacilityId;
    if (facilityId !== null) void ctx.context.queryClient.prefetchQuery(facilityCertificatesQueryOptions(facilityId));
    return awardingLoader(ctx);
  },
  component: AwardingRoute,
});

function AwardingRoute() {
  const { activeFacilityId } = useAuthState();
  return (
    <>
      <PageHeading>Auszeichnungsveranstaltung</PageHeading>
      {activeFacilityId === null ? (
        <NoActiveFacility />
      ) : (
        <Stack gap="xl" key={activeFacilityId}>
          <AwardingPage
            facilityId={activeFacilityId}
            bookingExtra={(e, describedBy) => (
              <AttendanceCertificateButton facilityId={activeFacilityId} enrolmentId={e.enrolmentId} describedBy={describedBy} />
            )}
          />
          <FacilityCertificates facilityId={activeFacilityId} />
        </Stack>
      )}
    </>
  );
}
