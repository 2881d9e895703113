import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../../src/app/route-params';
import { RecordPlaceholder } from '../../-components/record-placeholder';

export const Route = createFileRoute('/_app/verwaltung/hospitationen/$hospitationId/anmeldungen')({
  staticData: { access: 'admin' },
  params: idParams('hospitationId'),
  component: Page,
});

function Page() {
  const { hospitationId } = Route.useParams();
  return <RecordPlaceholder title="Anmeldungen zur Hospitation" id={hospitationId} />;
}
