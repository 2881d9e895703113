import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/auszeichnungsverantaltungen/workshops')({
  staticData: { access: 'admin', status: 'planned' },
  component: () => (
    <PlaceholderPage
      title="Workshops der Auszeichnungsveranstaltungen"
      planned="die Workshops der Auszeichnungsveranstaltungen mit Plätzen und Anmeldungen verwalten."
      meanwhile="Workshop-Anmeldungen nimmt das Programmbüro bis dahin per E-Mail entgegen."
    />
  ),
});
