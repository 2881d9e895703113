import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AwardingEventsPage } from '../../../../src/features/admin-programme/components/awarding-events-page';
import { seasonChoicesQueryOptions } from '../../../../src/features/admin-seasons/api/list-seasons';

export const Route = createFileRoute('/_app/verwaltung/auszeichnungsverantaltungen/')({
  staticData: { access: 'admin' },
  loader: ({ context }) => context.queryClient.ensureQueryData(seasonChoicesQueryOptions()),
  component: Page,
});

function Page() {
  const { data: seasons } = useSuspenseQuery(seasonChoicesQueryOptions());
  return <AwardingEventsPage seasons={seasons} />;
}
