import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/')({
  staticData: { access: 'login' },
  component: () => <PlaceholderPage title="Start" />,
});
