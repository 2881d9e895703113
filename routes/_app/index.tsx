import { Anchor, Text } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageHeading } from '../../src/components/layout/page-heading';
import { PageLoader } from '../../src/components/layout/page-loader';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { seasonChecklistQueryOptions } from '../../src/features/season-enrolment/api/get-season-checklist';
import { SeasonChecklist } from '../../src/features/season-enrolment/components/season-checklist';

// an admin's and a jury member's start come in chunks of their own: a KiTa's staff (most of those who open this page,
// often on a phone) load neither the work list nor the jury's queue with their contracts (ADR 0006)
const AdminHome = lazy(() => import('./-components/admin-home').then((m) => ({ default: m.AdminHome })));
const JuryHome = lazy(() => import('./-components/jury-home').then((m) => ({ default: m.JuryHome })));

export const Route = createFileRoute('/_app/')({
  staticData: { access: 'login' },
  loader: async ({ context: { auth, queryClient } }) => {
    const { user, activeFacilityId } = auth.getState();
    // an admin's work list is started, not awaited: the page (and its link to the areas) must not wait for the counts
    if (user?.is_admin)
      void import('../../src/features/admin-home/api/get-work-list').then((m) => queryClient.prefetchQuery(m.workListQueryOptions()));
    else if (user && activeFacilityId !== null) {
      await queryClient.ensureQueryData(seasonChecklistQueryOptions(activeFacilityId));
    }
  },
  component: HomePage,
});

function HomePage() {
  const { user, activeFacilityId } = useAuthState();
  const facility = user && activeFacilityId !== null ? user.facilities[String(activeFacilityId)] : undefined;
  const noFacility = !!user && Object.keys(user.facilities).length === 0;
  // issue 12: a jury member gets the way to the documentation forms; without a KiTa it is all the start page says
  const jury = !!user && !user.is_admin && user.isJury;
  return (
    <>
      <PageHeading>Start</PageHeading>
      {jury && (
        <Suspense fallback={<PageLoader />}>
          <JuryHome />
        </Suspense>
      )}
      {user?.is_admin ? (
        <Suspense fallback={<PageLoader />}>
          <AdminHome />
        </Suspense>
      ) : facility ? (
        <>
          <Text mb="md">
            Willkommen, {user?.firstName}! Hier siehst du, was für „{facility.label}“ als Nächstes ansteht.
          </Text>
          <SeasonChecklist key={facility.id} facilityId={facility.id} />
        </>
      ) : noFacility ? (
        !jury && (
          <Text>
            Deinem Benutzerkonto ist noch keine KiTa zugeordnet.{' '}
            <Anchor component={Link} to="/neue-kita">
              Registriere deine KiTa
            </Anchor>{' '}
            oder bitte deine Kolleginnen und Kollegen, dich einzuladen.
          </Text>
        )
      ) : (
        <Text>Wähle oben eine KiTa aus, um ihre Schritte im KiTa-Jahr zu sehen.</Text>
      )}
    </>
  );
}
