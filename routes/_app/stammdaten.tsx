import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/stammdaten')({
  staticData: { access: 'facility' },
  component: () => <PlaceholderPage title="Stammdaten" />,
});
