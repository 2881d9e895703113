import { createFileRoute } from '@tanstack/react-router';
import { NoActiveFacility } from '../../src/components/layout/no-active-facility';
import { PageHeading } from '../../src/components/layout/page-heading';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { useSessionFacilities } from '../../src/features/auth/hooks/use-session-facilities';
import { facilityQueryOptions } from '../../src/features/facilities/api/get-facility';
import { MasterData } from '../../src/features/facilities/components/master-data';

export const Route = createFileRoute('/_app/stammdaten')({
  staticData: { access: 'facility' },
  loader: async ({ context }) => {
    const facilityId = context.auth.getState().activeFacilityId;
    if (facilityId !== null) await context.queryClient.ensureQueryData(facilityQueryOptions(facilityId));
  },
  component: MasterDataPage,
});

function MasterDataPage() {
  const { activeFacilityId } = useAuthState();
  const session = useSessionFacilities();
  return (
    <>
      <PageHeading>Stammdaten</PageHeading>
      {activeFacilityId === null ? (
        <NoActiveFacility />
      ) : (
        <MasterData key={activeFacilityId} facilityId={activeFacilityId} onSaved={(f) => void session.renameFacility(f.id, f.label)} />
      )}
    </>
  );
}
