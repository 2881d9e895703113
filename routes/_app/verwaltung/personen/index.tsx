import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AccountPanel } from '../../../../src/features/admin-accounts/components/account-panel';
import { adminPersonsKey, personListQueryOptions } from '../../../../src/features/admin-persons/api/list-persons';
import { PersonsPage } from '../../../../src/features/admin-persons/components/persons-page';
import { personListQuery, personListSearchSchema, type PersonListSearch } from '../../../../src/features/admin-persons/list-search';
import { type AdminPersonListItem } from '../../../../src/shared/contracts/admin-persons';

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
  const queryClient = useQueryClient();
  const [account, setAccount] = useState<AdminPersonListItem | null>(null);
  const onSearchChange = (next: Partial<PersonListSearch>) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  return (
    <>
      <PersonsPage search={search} onSearchChange={onSearchChange} onOpenAccount={setAccount} />
      <Modal
        opened={account !== null}
        onClose={() => setAccount(null)}
        title={account ? `Benutzerkonto von ${account.first_name} ${account.last_name}` : ''}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Schließen' }}
      >
        {account && (
          <AccountPanel person={null} userId={account.user_id} onChanged={() => void queryClient.invalidateQueries({ queryKey: adminPersonsKey })} />
        )}
      </Modal>
    </>
  );
}
