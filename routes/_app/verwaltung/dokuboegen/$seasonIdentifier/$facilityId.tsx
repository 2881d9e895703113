import { createFileRoute } from '@tanstack/react-router';
import { notFoundOn404, seasonFacilityParams } from '../../../../../src/app/route-params';
import { RecordNotFound } from '../../../../../src/components/layout/record-not-found';
import { documentationDetailQueryOptions } from '../../../../../src/features/admin-documentation/api/get-documentation';
import { DocumentationDetailPage } from '../../../../../src/features/admin-documentation/components/documentation-detail-page';
import { useAuthState } from '../../../../../src/features/auth/hooks/use-auth-state';

export const Route = createFileRoute('/_app/verwaltung/dokuboegen/$seasonIdentifier/$facilityId')({
  staticData: { access: 'admin' },
  params: seasonFacilityParams,
  loader: ({ context: { queryClient }, params }) =>
    notFoundOn404(queryClient.ensureQueryData(documentationDetailQueryOptions(params.seasonIdentifier, params.facilityId))),
  // a parameter that can't name a record, or a KiTa without a form in this season, shows a way back to the list
  notFoundComponent: () => (
    <RecordNotFound title="Diesen Dokumentationsbogen gibt es nicht" backTo="/verwaltung/dokuboegen" backLabel="Zur Liste der Dokumentationsbögen" />
  ),
  component: Page,
});

function Page() {
  const { seasonIdentifier, facilityId } = Route.useParams();
  const { curSeason } = useAuthState();
  return (
    <DocumentationDetailPage
      key={`${seasonIdentifier}-${facilityId}`}
      seasonIdentifier={seasonIdentifier}
      facilityId={facilityId}
      isCurrentSeason={curSeason?.identifier === seasonIdentifier}
    />
  );
}
