import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/kita-jahr-anmeldung')({
  staticData: { access: 'facility' },
  component: () => <PlaceholderPage title="KiTa-Jahr-Anmeldung" />,
});
