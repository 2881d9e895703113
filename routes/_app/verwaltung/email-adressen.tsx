import { createFileRoute } from '@tanstack/react-router';
import { AnchorLink } from '../../../src/components/links/anchor-link';
import { PlaceholderPage } from '../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/email-adressen')({
  staticData: { access: 'admin', status: 'planned' },
  component: () => (
    <PlaceholderPage
      title="E-Mail-Adressen"
      planned="Adresslisten zusammenstellen (z. B. alle KiTas eines KiTa-Jahres), ohne Doppelte kopieren und exportieren."
      meanwhile={
        <>
          Bis dahin exportierst du die <AnchorLink to="/verwaltung/kitas">KiTa-Liste</AnchorLink> oder die{' '}
          <AnchorLink to="/verwaltung/personen">Personenliste</AnchorLink> als Excel-Datei; beide enthalten die E-Mail-Adressen.
        </>
      }
    />
  ),
});
