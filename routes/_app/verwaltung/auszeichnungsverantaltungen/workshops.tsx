import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/auszeichnungsverantaltungen/workshops')({
  staticData: { access: 'admin' },
  component: () => <PlaceholderPage title="Workshops der Auszeichnungsveranstaltungen" />,
});
