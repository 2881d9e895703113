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
  <RecordNotFound title="Diesen Fortbildungstermin gibt es nicht (mehr)" backTo="/verwaltung/fortbildungen" backLabel="Zu den Fortbildungsterminen" />
);

export const Route = createFileRoute('/_app/verwaltung/fortbildungen/$trainingEventId/anmeldungen')({
  staticData: { access: 'admin' },
  params: idParams('trainingEventId'),
  validateSearch: list.validateSearch,
  loaderDeps: list.loaderDeps,
  loader: ({ context, params, deps }) =>
    Promise.all([
      notFoundOn404(context.queryClient.ensureQueryData(offeringQueryOptions(params.trainingEventId))),
      context.queryClient.ensureQueryData(enrolmentListQueryOptions({ kind: 'offering', offeringId: params.trainingEventId }, deps)),
    ]),
  notFoundComponent: () => notFound,
  component: Page,
});

function Page() {
  const { trainingEventId } = Route.useParams();
  const { search, onSearchChange } = useListState(Route);
  return <OfferingEnrolments kind="training" notFound={notFound} offeringId={trainingEventId} search={search} onSearchChange={onSearchChange} />;
}
