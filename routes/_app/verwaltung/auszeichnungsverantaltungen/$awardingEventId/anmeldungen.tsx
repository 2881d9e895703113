import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../../src/app/route-params';
import { RecordPlaceholder } from '../../-components/record-placeholder';

export const Route = createFileRoute('/_app/verwaltung/auszeichnungsverantaltungen/$awardingEventId/anmeldungen')({
  staticData: { access: 'admin' },
  params: idParams('awardingEventId'),
  component: Page,
});

function Page() {
  const { awardingEventId } = Route.useParams();
  return <RecordPlaceholder title="Anmeldungen zur Auszeichnungsveranstaltung" id={awardingEventId} />;
}
