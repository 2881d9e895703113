import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/datenpflege/migration-alte-manuelle-daten/')({
  staticData: { access: 'admin' },
  component: () => <PlaceholderPage title="Migration alter manueller Daten" />,
});
