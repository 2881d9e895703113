import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/dokuboegen/')({
  staticData: { access: 'admin', status: 'planned' },
  component: () => (
    <PlaceholderPage
      title="Dokumentationsbögen"
      planned="die Dokumentationsbögen eines KiTa-Jahres prüfen, freigeben, zurückgeben oder ablehnen und die Vorlage bearbeiten."
      meanwhile="Dokumentationen, die per E-Mail kommen, bewahrt das Programmbüro bis dahin selbst auf."
    />
  ),
});
