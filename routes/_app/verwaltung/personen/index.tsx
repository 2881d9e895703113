import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/personen/')({
  staticData: { access: 'admin' },
  component: () => <PlaceholderPage title="Personen" />,
});
