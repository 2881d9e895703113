import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '../../../../../src/app/route-params';
import { RecordPlaceholder } from '../../-components/record-placeholder';

export const Route = createFileRoute('/_app/verwaltung/dokuboegen/$seasonIdentifier/$facilityId')({
  staticData: { access: 'admin' },
  params: {
    parse: ({ seasonIdentifier, facilityId }) => ({ seasonIdentifier, facilityId: parseId(facilityId) }),
    stringify: ({ seasonIdentifier, facilityId }) => ({ seasonIdentifier, facilityId: String(facilityId ?? '') }),
  },
  component: Page,
});

function Page() {
  const { facilityId } = Route.useParams();
  return <RecordPlaceholder title="Dokumentationsbogen einer KiTa" id={facilityId} />;
}
