import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/aktivieren/wiederholen')({
  staticData: { access: 'public' },
  component: () => <PlaceholderPage title="Aktivierungslink erneut senden" />,
});
