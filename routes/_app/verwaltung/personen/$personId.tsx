import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../src/app/route-params';
import { RecordPlaceholder } from '../-components/record-placeholder';

export const Route = createFileRoute('/_app/verwaltung/personen/$personId')({
  staticData: { access: 'admin' },
  params: idParams('personId'),
  component: Page,
});

function Page() {
  const { personId } = Route.useParams();
  return <RecordPlaceholder title="Person" id={personId} />;
}
