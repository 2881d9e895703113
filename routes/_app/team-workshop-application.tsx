import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/team-workshop-application')({
  staticData: { access: 'enrolled' },
  component: () => <PlaceholderPage title="Team-Workshop" />,
});
