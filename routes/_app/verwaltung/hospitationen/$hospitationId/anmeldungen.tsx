import { createFileRoute } from '@tanstack/react-router';
import { idParams, notFoundOn404 } from '../../../../../src/app/route-params';
import { RecordNotFound } from '../../../../../src/components/layout/record-not-found';
import { useListState } from '../../../../../src/components/list-page/use-list-state';
import { offeringQueryOptions } from '../../../../../src/features/admin-programme/api/get-offering';
import { enrolmentListQueryOptions } from '../../../../../src/features/admin-programme/api/enrolments';
import { OfferingEnrolments } from '../../../../../src/features/admin-programme/components/offering-enrolments';
import { listRoute } from '../../../../../src/lib/list-search';
import { offeringEnrolmentList } from '../../../../../src/shared/contracts/programme-lists';

/** the URL search parser and the loader's query, from the list contract */
const list = listRoute(offeringEnrolmentList);

const notFound = (
  <RecordNotFound title="Diese Hospitation gibt es nicht (mehr)" backTo="/verwaltung/hospitationen" backLabel="Zu den Hospitationen" />
);

export const Route = createFileRoute('/_app/verwaltung/hospitationen/$hospitationId/anmeldungen')({
  staticData: { access: 'admin' },
  params: idParams('hospitationId'),
  validateSearch: list.validateSearch,
  loaderDeps: list.loaderDeps,
  loader: ({ context, params, deps }) =>
    Promise.all([
      notFoundOn404(context.queryClient.ensureQueryData(offeringQueryOptions(params.hospitationId))),
      context.queryClient.ensureQueryData(enrolmentListQueryOptions({ kind: 'offering', offeringId: params.hospitationId }, deps)),
    ]),
  notFoundComponent: () => notFound,
  component: Page,
});

function Page() {
  const { hospitationId } = Route.useParams();
  const { search, onSearchChange } = useListState(Route);
  return <OfferingEnrolments kind="hospitation" notFound={notFound} offeringId={hospitationId} search={search} onSearchChange={onSearchChange} />;
}
