import { createFileRoute } from '@tanstack/react-router';
import { TrainingAdminScreen } from './-components/training-admin-screen';

export const Route = createFileRoute('/_app/verwaltung/fortbildungen/')({
  staticData: { access: 'admin', status: 'planned' },
  component: () => <TrainingAdminScreen tab="termine" />,
});
