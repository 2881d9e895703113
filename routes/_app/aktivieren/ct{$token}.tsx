import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/aktivieren/ct{$token}')({
  staticData: { access: 'public' },
  component: () => <PlaceholderPage title="Benutzerkonto aktivieren" />,
});
