import { createFileRoute } from '@tanstack/react-router';
import { requireId, requireSeasonIdentifier } from '../../../../../src/app/route-params';
import { NotFoundPage } from '../../../../../src/components/layout/not-found-page';
import { PlaceholderPage } from '../../../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/dokuboegen/$seasonIdentifier/$facilityId')({
  staticData: { access: 'admin', status: 'planned' },
  // a parameter that can't name a record (route-params) shows the not-found page inside the layout
  notFoundComponent: NotFoundPage,
  params: {
    parse: ({ seasonIdentifier, facilityId }) => ({ seasonIdentifier: requireSeasonIdentifier(seasonIdentifier), facilityId: requireId(facilityId) }),
    stringify: ({ seasonIdentifier, facilityId }) => ({ seasonIdentifier, facilityId: String(facilityId) }),
  },
  component: () => (
    <PlaceholderPage
      title="Dokumentationsbogen einer KiTa"
      planned="den Dokumentationsbogen einer KiTa ansehen, kommentieren und entscheiden."
      meanwhile="Dokumentationen, die per E-Mail kommen, bewahrt das Programmbüro bis dahin selbst auf."
    />
  ),
});
