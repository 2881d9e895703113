import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/passwort-wiederherstellen-{$token}')({
  staticData: { access: 'public' },
  component: () => <PlaceholderPage title="Neues Passwort festlegen" />,
});
