import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/hospitationen/')({
  staticData: { access: 'admin', status: 'planned' },
  component: () => (
    <PlaceholderPage
      title="Hospitationen"
      planned="Hospitationen anlegen, veröffentlichen und ihre Anmeldungen mit Warteliste verwalten."
      meanwhile="Anmeldungen zu Hospitationen nimmt das Programmbüro bis dahin per E-Mail entgegen."
    />
  ),
});
