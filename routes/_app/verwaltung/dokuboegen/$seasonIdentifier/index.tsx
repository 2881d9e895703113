import { createFileRoute } from '@tanstack/react-router';
import { requireSeasonIdentifier } from '../../../../../src/app/route-params';
import { NotFoundPage } from '../../../../../src/components/layout/not-found-page';
import { PlaceholderPage } from '../../../../../src/components/layout/placeholder-page';
import { seasonText } from '../../../../../src/shared/season-text';

/** The season is named by its identifier (e.g. 2026-27) in the address, and as 2026/27 in text. */
export const Route = createFileRoute('/_app/verwaltung/dokuboegen/$seasonIdentifier/')({
  staticData: { access: 'admin', status: 'planned' },
  // a parameter that can't name a record (route-params) shows the not-found page inside the layout
  notFoundComponent: NotFoundPage,
  params: {
    parse: ({ seasonIdentifier }) => ({ seasonIdentifier: requireSeasonIdentifier(seasonIdentifier) }),
    stringify: ({ seasonIdentifier }) => ({ seasonIdentifier }),
  },
  component: Page,
});

function Page() {
  const { seasonIdentifier } = Route.useParams();
  return (
    <PlaceholderPage
      title={`Dokumentationsbögen ${seasonText(seasonIdentifier)}`}
      planned="die Dokumentationsbögen dieses KiTa-Jahres prüfen, freigeben, zurückgeben oder ablehnen."
      meanwhile="Dokumentationen, die per E-Mail kommen, bewahrt das Programmbüro bis dahin selbst auf."
    />
  );
}
