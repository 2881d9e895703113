import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { AccountPanel } from '../../../../src/features/admin-accounts/components/account-panel';
import { adminPersonsKey, personListQueryOptions } from '../../../../src/features/admin-persons/api/list-persons';
import { PersonsPage } from '../../../../src/features/admin-persons/components/persons-page';
import { useListState } from '../../../../src/components/list-page/use-list-state';
import { listRoute } from '../../../../src/lib/list-search';
import { adminPersonList } from '../../../../src/shared/contracts/admin-person-list';
import { type AdminPersonListItem } from '../../../../src/shared/contracts/admin-persons';

/** the URL search parser and the loader's query, from the list contract */
const list = listRoute(adminPersonList);

export const Route = createFileRoute('/_app/verwaltung/personen/')({
  staticData: { access: 'admin' },
  validateSearch: list.validateSearch,
  loader: ({ context, location }) => context.queryClient.ensureQueryData(personListQueryOptions(list.queryOf(location))),
  component: Page,
});

function Page() {
  const { search, onSearchChange } = useListState(Route);
  const queryClient = useQueryClient();
  const [account, setAccount] = useState<AdminPersonListItem | null>(null);
  return (
    <>
      <PersonsPage search={search} onSearchChange={onSearchChange} onOpenAccount={setAccount} />
      <Modal
        opened={account !== null}
        onClose={() => setAccount(null)}
        title={account ? `Benutzerkonto von ${account.firstName} ${account.lastName}` : ''}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Schließen' }}
      >
        {account && (
          <AccountPanel person={null} userId={account.userId} onChanged={() => void queryClient.invalidateQueries({ queryKey: adminPersonsKey })} />
        )}
      </Modal>
    </>
  );
}
