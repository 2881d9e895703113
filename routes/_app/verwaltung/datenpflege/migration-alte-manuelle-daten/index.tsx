import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/datenpflege/migration-alte-manuelle-daten/')({
  staticData: { access: 'admin', status: 'planned' },
  component: () => (
    <PlaceholderPage
      title="Migration alter manueller Daten"
      planned="alte manuelle Anmeldungen und Auszeichnungen aus CSV- oder Excel-Dateien übernehmen, mit Vorschau und Fehlern je Zeile."
      meanwhile="Bewahre die alten Listen bis dahin unverändert auf; du übernimmst sie hier, sobald der Import bereitsteht."
    />
  ),
});
