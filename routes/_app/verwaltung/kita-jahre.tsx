import { createFileRoute } from '@tanstack/react-router';
import { seasonsQueryOptions } from '../../../src/features/admin-seasons/api/list-seasons';
import { SeasonsPage } from '../../../src/features/admin-seasons/components/seasons-page';

export const Route = createFileRoute('/_app/verwaltung/kita-jahre')({
  staticData: { access: 'admin' },
  loader: ({ context }) => context.queryClient.ensureQueryData(seasonsQueryOptions()),
  component: SeasonsPage,
});
