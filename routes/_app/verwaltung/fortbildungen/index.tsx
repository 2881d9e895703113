import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../src/lib/list-search';
import { adminOfferingList } from '../../../../src/shared/contracts/programme-lists';
import { loadOfferingList, OfferingListPage } from '../-components/offering-list-page';
import { TrainingAdminScreen } from './-components/training-admin-screen';

/** the URL search parser and the loader's query, from the list contract (the kind is fixed by the page) */
const list = listRoute(adminOfferingList);

export const Route = createFileRoute('/_app/verwaltung/fortbildungen/')({
  staticData: { access: 'admin' },
  validateSearch: list.validateSearch,
  loader: loadOfferingList('training', list.queryOf),
  component: () => (
    <TrainingAdminScreen tab="termine">
      <OfferingListPage kind="training" route={Route} section />
    </TrainingAdminScreen>
  ),
});
