import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht')({
  staticData: { access: 'admin', status: 'planned' },
  component: () => (
    <PlaceholderPage
      title="Migration alter manueller Daten: Listenansicht"
      planned="die übernommenen alten Anmeldungen und Auszeichnungen als Liste ansehen."
      meanwhile="Bewahre die alten Listen bis dahin unverändert auf."
    />
  ),
});
