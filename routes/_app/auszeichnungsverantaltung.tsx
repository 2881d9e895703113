import { createFileRoute } from '@tanstack/react-router';
import { NoActiveFacility } from '../../src/components/layout/no-active-facility';
import { PageHeading } from '../../src/components/layout/page-heading';
import { Stack } from '@mantine/core';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { AttendanceCertificateButton, FacilityCertificates } from '../../src/features/certificates/components/facility-certificates';
import { AwardingPage } from '../../src/features/programme/components/awarding-page';
import { programmeLoader } from './-components/programme-loader';

export const Route = createFileRoute('/_app/auszeichnungsverantaltung')({
  staticData: { access: 'enrolled' },
  loader: programmeLoader('awarding'),
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
