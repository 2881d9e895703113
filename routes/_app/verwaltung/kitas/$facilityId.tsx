import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../src/app/route-params';
import { RecordPlaceholder } from '../-components/record-placeholder';

export const Route = createFileRoute('/_app/verwaltung/kitas/$facilityId')({
  staticData: { access: 'admin' },
  params: idParams('facilityId'),
  component: Page,
});

function Page() {
  const { facilityId } = Route.useParams();
  return <RecordPlaceholder title="KiTa" id={facilityId} />;
}
