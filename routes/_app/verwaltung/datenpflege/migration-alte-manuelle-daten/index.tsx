import { createFileRoute } from '@tanstack/react-router';
import { legacyImportsQueryOptions } from '../../../../../src/features/admin-legacy-import/api/legacy-imports';
import { LegacyImportPage } from '../../../../../src/features/admin-legacy-import/components/legacy-import-page';

export const Route = createFileRoute('/_app/verwaltung/datenpflege/migration-alte-manuelle-daten/')({
  staticData: { access: 'admin' },
  loader: ({ context }) => context.queryClient.ensureQueryData(legacyImportsQueryOptions()),
  component: Page,
});

function Page() {
  const navigate = Route.useNavigate();
  return (
    <LegacyImportPage
      onPreview={(importId) => void navigate({ to: '/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht', search: { importId } })}
    />
  );
}
