import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../../src/app/route-params';
import { listRoute } from '../../../../../src/lib/list-search';
import { offeringEnrolmentList } from '../../../../../src/shared/contracts/programme-lists';
import { EnrolmentsNotFound, EnrolmentsRoutePage, enrolmentsLoader } from '../../-components/enrolments-route-page';

/** the URL search parser and the loader's query, from the list contract */
const list = listRoute(offeringEnrolmentList);

export const Route = createFileRoute('/_app/verwaltung/hospitationen/$hospitationId/anmeldungen')({
  staticData: { access: 'admin' },
  params: idParams('hospitationId'),
  validateSearch: list.validateSearch,
  loader: enrolmentsLoader('hospitation', list.queryOf),
  notFoundComponent: () => <EnrolmentsNotFound kind="hospitation" />,
  component: () => <EnrolmentsRoutePage kind="hospitation" route={Route} />,
});
