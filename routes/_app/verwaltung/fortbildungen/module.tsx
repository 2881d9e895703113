import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ModulesPanel } from '../../../../src/features/admin-programme/components/modules-panel';
import { seasonChoicesQueryOptions } from '../../../../src/features/admin-seasons/api/list-seasons';
import { TrainingAdminScreen } from './-components/training-admin-screen';

export const Route = createFileRoute('/_app/verwaltung/fortbildungen/module')({
  staticData: { access: 'admin' },
  loader: ({ context }) => context.queryClient.ensureQueryData(seasonChoicesQueryOptions()),
  component: Page,
});

function Page() {
  const { data: seasons } = useSuspenseQuery(seasonChoicesQueryOptions());
  return (
    <TrainingAdminScreen tab="module">
      <ModulesPanel seasons={seasons} />
    </TrainingAdminScreen>
  );
}
