import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../../src/app/route-params';
import { NotFoundPage } from '../../../../../src/components/layout/not-found-page';
import { PlaceholderPage } from '../../../../../src/components/layout/placeholder-page';

/** An id that can't name a record shows the not-found page (idParams); the placeholder never shows the id. */
export const Route = createFileRoute('/_app/verwaltung/hospitationen/$hospitationId/anmeldungen')({
  staticData: { access: 'admin', status: 'planned' },
  // a parameter that can't name a record (route-params) shows the not-found page inside the layout
  notFoundComponent: NotFoundPage,
  params: idParams('hospitationId'),
  component: () => (
    <PlaceholderPage
      title="Anmeldungen zur Hospitation"
      planned="die Anmeldungen zu einer Hospitation mit Warteliste und Teilnahme verwalten."
      meanwhile="Anmeldungen zu Hospitationen nimmt das Programmbüro bis dahin per E-Mail entgegen."
    />
  ),
});
