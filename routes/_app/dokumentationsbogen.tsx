import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage, SupportContact } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/dokumentationsbogen')({
  staticData: { access: 'enrolled', status: 'planned' },
  component: () => (
    <PlaceholderPage
      title="Dokumentationsbogen"
      planned="euer Projekt im KiTa-Jahr dokumentieren: als Entwurf speichern, Fotos hochladen und bis zur Frist einreichen."
      meanwhile={<>Sammelt schon jetzt Notizen und Fotos eures Projekts; ihr tragt sie hier ein, sobald der Bogen bereitsteht. Fragen? <SupportContact /></>}
    />
  ),
});
