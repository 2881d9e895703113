import { createFileRoute } from '@tanstack/react-router';
import { legacyImportQueryOptions } from '../../../../../src/features/admin-legacy-import/api/legacy-imports';
import { LegacyRowsPage } from '../../../../../src/features/admin-legacy-import/components/legacy-rows-page';
import { searchInt, searchSchema } from '../../../../../src/lib/search-schema';
import { loadPage } from '../../../../../src/lib/load-page';

// plain functions, not zod: this definition loads with every page (src/lib/search-schema.ts)
const search = searchSchema({ importId: searchInt(1) });

export const Route = createFileRoute('/_app/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht')({
  staticData: { access: 'admin' },
  validateSearch: search.parse,
  loaderDeps: ({ search }) => ({ importId: search.importId ?? 0 }),
  loader: ({ context, deps, cause }) =>
    deps.importId > 0 ? loadPage(cause, () => context.queryClient.ensureQueryData(legacyImportQueryOptions(deps.importId)).catch(() => null)) : null,
  component: Page,
});

function Page() {
  const { importId } = Route.useSearch();
  return <LegacyRowsPage importId={importId ?? 0} />;
}
