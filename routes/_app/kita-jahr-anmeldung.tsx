import { contactOptionOf } from '../../src/components/entity-forms/enrolment-form';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { NoActiveFacility } from '../../src/components/layout/no-active-facility';
import { PageHeading } from '../../src/components/layout/page-heading';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { useSessionFacilities } from '../../src/features/auth/hooks/use-session-facilities';
import { seasonEnrolmentQueryOptions } from '../../src/features/season-enrolment/api/get-season-enrolment';
import { SeasonEnrolmentView } from '../../src/features/season-enrolment/components/season-enrolment-view';
import { allPersonsQueryOptions } from '../../src/features/staff/api/get-persons';

export const Route = createFileRoute('/_app/kita-jahr-anmeldung')({
  staticData: { access: 'facility' },
  loader: async ({ context: { auth, queryClient } }) => {
    const facilityId = auth.getState().activeFacilityId;
    if (facilityId === null) return;
    await Promise.all([
      queryClient.ensureQueryData(seasonEnrolmentQueryOptions(facilityId)),
      queryClient.ensureQueryData(allPersonsQueryOptions(facilityId)),
    ]);
  },
  component: SeasonEnrolmentPage,
});

function SeasonEnrolmentPage() {
  const { activeFacilityId } = useAuthState();
  return (
    <>
      <PageHeading>KiTa-Jahr-Anmeldung</PageHeading>
      {activeFacilityId === null ? <NoActiveFacility /> : <EnrolmentForFacility key={activeFacilityId} facilityId={activeFacilityId} />}
    </>
  );
}

function EnrolmentForFacility({ facilityId }: { facilityId: number }) {
  const session = useSessionFacilities();
  // the contact person is chosen from the staff list (another feature), so the route hands it over
  const { data: persons } = useSuspenseQuery(allPersonsQueryOptions(facilityId));
  const contacts = persons.items.map(contactOptionOf);
  return (
    <SeasonEnrolmentView facilityId={facilityId} contacts={contacts} onEnrolledChange={(enrolled) => session.setEnrolled(facilityId, enrolled)} />
  );
}
