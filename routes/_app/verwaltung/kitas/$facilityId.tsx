import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { idParams, notFoundOn404 } from '../../../../src/app/route-params';
import { RecordNotFound } from '../../../../src/components/layout/record-not-found';
import { adminFacilityQueryOptions } from '../../../../src/features/admin-facilities/api/get-facility';
import { facilityProgrammeQueryOptions } from '../../../../src/features/admin-facilities/api/get-programme-history';
import { FacilityDetailPage } from '../../../../src/features/admin-facilities/components/facility-detail-page';
import { seasonChoicesQueryOptions } from '../../../../src/features/admin-seasons/api/list-seasons';

export const Route = createFileRoute('/_app/verwaltung/kitas/$facilityId')({
  staticData: { access: 'admin' },
  params: idParams('facilityId'),
  loader: ({ context, params }) => {
    // the programme history (tab "Anmeldungen") is fetched early but never holds up or fails the page
    void context.queryClient.prefetchQuery(facilityProgrammeQueryOptions(params.facilityId));
    return Promise.all([
      notFoundOn404(context.queryClient.ensureQueryData(adminFacilityQueryOptions(params.facilityId))),
      context.queryClient.ensureQueryData(seasonChoicesQueryOptions()),
    ]);
  },
  component: Page,
  notFoundComponent: () => <RecordNotFound title="Diese KiTa gibt es nicht (mehr)" backTo="/verwaltung/kitas" backLabel="Zur Liste aller KiTas" />,
});

function Page() {
  const { facilityId } = Route.useParams();
  return <Detail facilityId={facilityId} />;
}

function Detail({ facilityId }: { facilityId: number }) {
  const navigate = useNavigate();
  // the current season (for enrolling on the KiTa's behalf) comes from the seasons feature; the route joins them
  const { data: seasons } = useSuspenseQuery(seasonChoicesQueryOptions());
  const current = seasons.find((s) => s.isCurrent) ?? null;
  return (
    <FacilityDetailPage
      key={facilityId}
      facilityId={facilityId}
      currentSeason={current}
      onMerged={(targetId) => void navigate({ to: '/verwaltung/kitas/$facilityId', params: { facilityId: targetId } })}
    />
  );
}
