import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/auszeichnungsverantaltungen/')({
  staticData: { access: 'admin' },
  component: () => <PlaceholderPage title="Auszeichnungsveranstaltungen" />,
});
