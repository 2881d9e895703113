import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/einstellungen')({
  staticData: { access: 'login' },
  component: () => <PlaceholderPage title="Einstellungen" />,
});
