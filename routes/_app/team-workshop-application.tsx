import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage, SupportContact } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/team-workshop-application')({
  staticData: { access: 'enrolled', status: 'planned' },
  component: () => (
    <PlaceholderPage
      title="Team-Workshop"
      planned="den Team-Workshop für eure KiTa beantragen: Wunschtermine, Zahl der Teilnehmenden, Themenwünsche und Adresse."
      meanwhile={<>Möchtet ihr schon jetzt einen Team-Workshop? <SupportContact /></>}
    />
  ),
});
