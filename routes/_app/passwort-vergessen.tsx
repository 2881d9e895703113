import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/passwort-vergessen')({
  staticData: { access: 'public' },
  component: () => <PlaceholderPage title="Passwort vergessen" />,
});
