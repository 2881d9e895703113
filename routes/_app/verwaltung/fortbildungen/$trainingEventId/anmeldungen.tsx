import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../../src/app/route-params';
import { listRoute } from '../../../../../src/lib/list-search';
import { offeringEnrolmentList } from '../../../../../src/shared/contracts/programme-lists';
import { EnrolmentsNotFound, EnrolmentsRoutePage, enrolmentsLoader } from '../../-components/enrolments-route-page';

/** the URL search parser and the loader's query, from the list contract */
const list = listRoute(offeringEnrolmentList);

export const Route = createFileRoute('/_app/verwaltung/fortbildungen/$trainingEventId/anmeldungen')({
  staticData: { access: 'admin' },
  params: idParams('trainingEventId'),
  validateSearch: list.validateSearch,
  loader: enrolmentsLoader('training', list.queryOf),
  notFoundComponent: () => <EnrolmentsNotFound kind="training" />,
  component: () => <EnrolmentsRoutePage kind="training" route={Route} />,
});
