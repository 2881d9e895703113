import { createFileRoute } from '@tanstack/react-router';
import { retentionOverviewQueryOptions } from '../../../../src/features/admin-retention/api/retention';
import { RetentionPage } from '../../../../src/features/admin-retention/components/retention-page';

export const Route = createFileRoute('/_app/verwaltung/datenpflege/aufbewahrung')({
  staticData: { access: 'admin' },
  loader: ({ context }) => context.queryClient.ensureQueryData(retentionOverviewQueryOptions()),
  component: RetentionPage,
});
