import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/neue-kita')({
  staticData: { access: 'login' },
  component: () => <PlaceholderPage title="KiTa registrieren" />,
});
