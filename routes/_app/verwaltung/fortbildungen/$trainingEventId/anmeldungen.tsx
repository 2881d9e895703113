import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../../src/app/route-params';
import { RecordPlaceholder } from '../../-components/record-placeholder';

export const Route = createFileRoute('/_app/verwaltung/fortbildungen/$trainingEventId/anmeldungen')({
  staticData: { access: 'admin' },
  params: idParams('trainingEventId'),
  component: Page,
});

function Page() {
  const { trainingEventId } = Route.useParams();
  return <RecordPlaceholder title="Anmeldungen zur Fortbildung" id={trainingEventId} />;
}
