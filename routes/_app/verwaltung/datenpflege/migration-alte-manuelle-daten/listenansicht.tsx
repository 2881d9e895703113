import { createFileRoute } from '@tanstack/react-router';
import { legacyImportQueryOptions } from '../../../../../src/features/admin-legacy-import/api/legacy-imports';
import { LegacyRowsPage } from '../../../../../src/features/admin-legacy-import/components/legacy-rows-page';
import { searchId, searchSchema } from '../../../../../src/lib/search-schema';

// plain functions, not zod: this definition loads with every page (src/lib/search-schema.ts)
const search = searchSchema({ importId: searchId });

export const Route = createFileRoute('/_app/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht')({
  staticData: { access: 'admin' },
  validateSearch: search.parse,
  // the import is read from the address the loader runs for, not a `loaderDeps` (src/lib/list-search.ts, listRoute)
  loader: ({ context, location }) => {
    const { importId } = search.parse(location.search);
    return importId ? context.queryClient.ensureQueryData(legacyImportQueryOptions(importId)).catch(() => null) : null;
  },
  component: Page,
});

function Page() {
  const { importId } = Route.useSearch();
  return <LegacyRowsPage importId={importId ?? 0} />;
}
