import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/dokumentationsbogen')({
  staticData: { access: 'enrolled' },
  component: () => <PlaceholderPage title="Dokumentationsbogen" />,
});
