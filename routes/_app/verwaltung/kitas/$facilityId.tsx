import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { idParams } from '../../../../src/app/route-params';
import { adminFacilityQueryOptions } from '../../../../src/features/admin-facilities/api/get-facility';
import { FacilityDetailPage } from '../../../../src/features/admin-facilities/components/facility-detail-page';
import { seasonsQueryOptions } from '../../../../src/features/admin-seasons/api/list-seasons';
import { RecordPlaceholder } from '../-components/record-placeholder';

export const Route = createFileRoute('/_app/verwaltung/kitas/$facilityId')({
  staticData: { access: 'admin' },
  params: idParams('facilityId'),
  loader: ({ context, params }) =>
    params.facilityId === null
      ? undefined
      : Promise.all([context.queryClient.ensureQueryData(adminFacilityQueryOptions(params.facilityId)), context.queryClient.ensureQueryData(seasonsQueryOptions())]),
  component: Page,
});

function Page() {
  const { facilityId } = Route.useParams();
  if (facilityId === null) return <RecordPlaceholder title="KiTa" id={null} />;
  return <Detail facilityId={facilityId} />;
}

function Detail({ facilityId }: { facilityId: number }) {
  const navigate = useNavigate();
  // the current season (for enrolling on the KiTa's behalf) comes from the seasons feature; the route joins them
  const { data: seasons } = useSuspenseQuery(seasonsQueryOptions());
  const current = seasons.find((s) => s.is_current) ?? null;
  return (
    <FacilityDetailPage
      key={facilityId}
      facilityId={facilityId}
      currentSeason={current}
      onMerged={(targetId) => void navigate({ to: '/verwaltung/kitas/$facilityId', params: { facilityId: targetId } })}
    />
  );
}
