import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/auszeichnungsverantaltung')({
  staticData: { access: 'enrolled' },
  component: () => <PlaceholderPage title="Auszeichnungsveranstaltung" />,
});
