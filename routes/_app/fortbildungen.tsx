import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage, SupportContact } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/fortbildungen')({
  staticData: { access: 'enrolled', status: 'planned' },
  component: () => (
    <PlaceholderPage
      title="Fortbildungen"
      planned="die Fortbildungstermine des KiTa-Jahres ansehen und das Personal eurer KiTa dazu anmelden."
      meanwhile={<>Für eine Fortbildung meldet ihr euch bis dahin direkt beim Programmbüro an. <SupportContact /></>}
    />
  ),
});
