import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeading } from '../../src/components/layout/page-heading';
import { useSessionFacilities } from '../../src/features/auth/hooks/use-session-facilities';
import { RegisterFacility } from '../../src/features/facilities/components/register-facility';

export const Route = createFileRoute('/_app/neue-kita')({
  staticData: { access: 'login' },
  component: NewFacilityPage,
});

function NewFacilityPage() {
  const session = useSessionFacilities();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading>KiTa registrieren</PageHeading>
      <RegisterFacility
        onCreated={async (facility) => {
          // the new KiTa is active at once: header, navigation and guards see it without a reload
          await session.addFacility({ id: facility.id, label: facility.label, is_enrolled_to_cur_season: false });
          await navigate({ to: '/' });
        }}
      />
    </>
  );
}
