import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage, SupportContact } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/hospitationen')({
  staticData: { access: 'enrolled', status: 'planned' },
  component: () => (
    <PlaceholderPage
      title="Hospitationen"
      planned="Hospitationen in anderen KiTas des Programms finden und euer Personal dazu anmelden."
      meanwhile={<>Für eine Hospitation meldet ihr euch bis dahin direkt beim Programmbüro an. <SupportContact /></>}
    />
  ),
});
