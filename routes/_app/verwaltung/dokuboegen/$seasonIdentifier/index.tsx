import { createFileRoute } from '@tanstack/react-router';
import { RecordPlaceholder } from '../../-components/record-placeholder';

/** The season is named by its identifier (e.g. 2026-27), not by a numeric id. */
export const Route = createFileRoute('/_app/verwaltung/dokuboegen/$seasonIdentifier/')({
  staticData: { access: 'admin' },
  component: Page,
});

function Page() {
  const { seasonIdentifier } = Route.useParams();
  return <RecordPlaceholder title={`Dokumentationsbögen ${seasonIdentifier}`} id={seasonIdentifier} />;
}
