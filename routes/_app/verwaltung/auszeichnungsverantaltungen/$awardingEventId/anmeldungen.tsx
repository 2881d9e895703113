import { createFileRoute } from '@tanstack/react-router';
import { idParams, notFoundOn404 } from '../../../../../src/app/route-params';
import { RecordNotFound } from '../../../../../src/components/layout/record-not-found';
import { useListState } from '../../../../../src/components/list-page/use-list-state';
import { awardingEventQueryOptions } from '../../../../../src/features/admin-programme/api/awarding-events';
import { enrolmentListQueryOptions } from '../../../../../src/features/admin-programme/api/enrolments';
import { AwardingEnrolments } from '../../../../../src/features/admin-programme/components/offering-enrolments';
import { listRoute } from '../../../../../src/lib/list-search';
import { awardingEnrolmentList } from '../../../../../src/shared/contracts/programme-lists';

/** the URL search parser and the loader's query, from the list contract */
const list = listRoute(awardingEnrolmentList);

export const Route = createFileRoute('/_app/verwaltung/auszeichnungsverantaltungen/$awardingEventId/anmeldungen')({
  staticData: { access: 'admin' },
  params: idParams('awardingEventId'),
  validateSearch: list.validateSearch,
  loaderDeps: list.loaderDeps,
  loader: ({ context, params, deps }) =>
    Promise.all([
      notFoundOn404(context.queryClient.ensureQueryData(awardingEventQueryOptions(params.awardingEventId))),
      context.queryClient.ensureQueryData(enrolmentListQueryOptions({ kind: 'awarding', awardingEventId: params.awardingEventId }, deps)),
    ]),
  notFoundComponent: () => (
    <RecordNotFound
      title="Diese Auszeichnungsveranstaltung gibt es nicht (mehr)"
      backTo="/verwaltung/auszeichnungsverantaltungen"
      backLabel="Zu den Auszeichnungsveranstaltungen"
    />
  ),
  component: Page,
});

function Page() {
  const { awardingEventId } = Route.useParams();
  const { search, onSearchChange } = useListState(Route);
  return <AwardingEnrolments awardingEventId={awardingEventId} search={search} onSearchChange={onSearchChange} />;
}
