import { createFileRoute } from '@tanstack/react-router';
import { AnchorLink } from '../../../src/components/links/anchor-link';
import { PlaceholderPage } from '../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/active-campaign-integration')({
  staticData: { access: 'admin', status: 'planned' },
  component: () => (
    <PlaceholderPage
      title="ActiveCampaign-Integration"
      planned="die Anbindung an ActiveCampaign einrichten und Kontakte abgleichen."
      meanwhile={
        <>
          Bis dahin exportierst du die <AnchorLink to="/verwaltung/personen">Personenliste</AnchorLink> als Excel-Datei und importierst sie in
          ActiveCampaign.
        </>
      }
    />
  ),
});
