import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../../src/app/route-params';
import { listRoute } from '../../../../../src/lib/list-search';
import { awardingEnrolmentList } from '../../../../../src/shared/contracts/programme-lists';
import { EnrolmentsNotFound, EnrolmentsRoutePage, enrolmentsLoader } from '../../-components/enrolments-route-page';

/** the URL search parser and the loader's query, from the list contract */
const list = listRoute(awardingEnrolmentList);

export const Route = createFileRoute('/_app/verwaltung/auszeichnungsverantaltungen/$awardingEventId/anmeldungen')({
  staticData: { access: 'admin' },
  params: idParams('awardingEventId'),
  validateSearch: list.validateSearch,
  loader: enrolmentsLoader('awarding', list.queryOf),
  notFoundComponent: () => <EnrolmentsNotFound kind="awarding" />,
  component: () => <EnrolmentsRoutePage kind="awarding" route={Route} />,
});
