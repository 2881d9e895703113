import { createFileRoute } from '@tanstack/react-router';
import { acSettingsQueryOptions } from '../../../src/features/admin-active-campaign/api/get-settings';
import { acRunsQueryOptions } from '../../../src/features/admin-active-campaign/api/list-runs';
import { ActiveCampaignPage } from '../../../src/features/admin-active-campaign/components/active-campaign-page';

export const Route = createFileRoute('/_app/verwaltung/active-campaign-integration')({
  staticData: { access: 'admin' },
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(acSettingsQueryOptions()), context.queryClient.ensureQueryData(acRunsQueryOptions())]),
  component: ActiveCampaignPage,
});
