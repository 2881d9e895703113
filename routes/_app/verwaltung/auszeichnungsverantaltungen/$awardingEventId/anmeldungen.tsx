import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../../src/app/route-params';
import { NotFoundPage } from '../../../../../src/components/layout/not-found-page';
import { PlaceholderPage } from '../../../../../src/components/layout/placeholder-page';

/** An id that can't name a record shows the not-found page (idParams); the placeholder never shows the id. */
export const Route = createFileRoute('/_app/verwaltung/auszeichnungsverantaltungen/$awardingEventId/anmeldungen')({
  staticData: { access: 'admin', status: 'planned' },
  // a parameter that can't name a record (route-params) shows the not-found page inside the layout
  notFoundComponent: NotFoundPage,
  params: idParams('awardingEventId'),
  component: () => (
    <PlaceholderPage
      title="Anmeldungen zur Auszeichnungsveranstaltung"
      planned="die Anmeldungen zu einer Auszeichnungsveranstaltung und ihren Workshops verwalten."
      meanwhile="Anmeldungen nimmt das Programmbüro bis dahin per E-Mail entgegen."
    />
  ),
});
