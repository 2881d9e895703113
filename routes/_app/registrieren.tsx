import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/registrieren')({
  staticData: { access: 'public' },
  component: () => <PlaceholderPage title="Registrieren" />,
});
