import { createFileRoute } from '@tanstack/react-router';
import { NoActiveFacility } from '../../src/components/layout/no-active-facility';
import { PageHeading } from '../../src/components/layout/page-heading';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { documentationQueryOptions } from '../../src/features/documentation/api/get-documentation';
import { DocumentationView } from '../../src/features/documentation/components/documentation-view';

export const Route = createFileRoute('/_app/dokumentationsbogen')({
  staticData: { access: 'enrolled' },
  loader: async ({ context: { auth, queryClient } }) => {
    const facilityId = auth.getState().activeFacilityId;
    if (facilityId !== null) await queryClient.ensureQueryData(documentationQueryOptions(facilityId));
  },
  component: DocumentationPage,
});

function DocumentationPage() {
  const { activeFacilityId, user } = useAuthState();
  return (
    <>
      <PageHeading>Dokumentationsbogen</PageHeading>
      {activeFacilityId === null || !user ? (
        <NoActiveFacility />
      ) : (
        <DocumentationView
          key={activeFacilityId}
          facilityId={activeFacilityId}
          userId={user.id}
          ownName={`${user.firstName} ${user.lastName}`.trim() || null}
        />
      )}
    </>
  );
}
