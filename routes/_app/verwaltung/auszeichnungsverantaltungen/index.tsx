import { createFileRoute } from '@tanstack/react-router';
import { AnchorLink } from '../../../../src/components/links/anchor-link';
import { PlaceholderPage } from '../../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/auszeichnungsverantaltungen/')({
  staticData: { access: 'admin', status: 'planned' },
  component: () => (
    <PlaceholderPage
      title="Auszeichnungsveranstaltungen"
      planned="Auszeichnungsveranstaltungen anlegen und ihre Anmeldungen verwalten."
      meanwhile={<>Welche KiTas am KiTa-Jahr teilnehmen, siehst du bis dahin in der <AnchorLink to="/verwaltung/kitas">KiTa-Liste</AnchorLink> (Filter „angemeldet zu KiTa-Jahr“).</>}
    />
  ),
});
