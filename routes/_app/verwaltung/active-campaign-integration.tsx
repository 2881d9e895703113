import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/active-campaign-integration')({
  staticData: { access: 'admin' },
  component: () => <PlaceholderPage title="ActiveCampaign-Integration" />,
});
