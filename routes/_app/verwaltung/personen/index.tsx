import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { personListQueryOptions } from '../../../../src/features/admin-persons/api/list-persons';
import { PersonsPage } from '../../../../src/features/admin-persons/components/persons-page';
import { personListQuery, personListSearchSchema, type PersonListSearch } from '../../../../src/features/admin-persons/list-search';

export const Route = createFileRoute('/_app/verwaltung/personen/')({
  staticData: { access: 'admin' },
  validateSearch: (raw) => personListSearchSchema.parse(raw),
  loaderDeps: ({ search }) => personListQuery(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(personListQueryOptions(deps)),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearchChange = (next: Partial<PersonListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  return <PersonsPage search={search} onSearchChange={onSearchChange} />;
}
