import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../src/components/layout/placeholder-page';

export const Route = createFileRoute('/_app/verwaltung/kita-jahre')({
  staticData: { access: 'admin' },
  component: () => <PlaceholderPage title="KiTa-Jahre" />,
});
