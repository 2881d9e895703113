import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage, SupportContact } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/auszeichnungsverantaltung')({
  staticData: { access: 'enrolled', status: 'planned' },
  component: () => (
    <PlaceholderPage
      title="Auszeichnungsveranstaltung"
      planned="euch zur Auszeichnungsveranstaltung des KiTa-Jahres und zu ihren Workshops anmelden."
      meanwhile={<>Die Einladung zur Veranstaltung bekommt ihr per E-Mail. Fragen? <SupportContact /></>}
    />
  ),
});
