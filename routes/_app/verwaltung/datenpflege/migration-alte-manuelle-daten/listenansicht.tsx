import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { legacyImportQueryOptions } from '../../../../../src/features/admin-legacy-import/api/legacy-imports';
import { LegacyRowsPage } from '../../../../../src/features/admin-legacy-import/components/legacy-rows-page';

const searchSchema = z.object({ importId: z.coerce.number().int().positive().catch(0) });

export const Route = createFileRoute('/_app/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht')({
  staticData: { access: 'admin' },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ importId: search.importId }),
  loader: ({ context, deps }) =>
    deps.importId > 0 ? context.queryClient.ensureQueryData(legacyImportQueryOptions(deps.importId)).catch(() => null) : null,
  component: Page,
});

function Page() {
  const { importId } = Route.useSearch();
  return <LegacyRowsPage importId={importId} />;
}
