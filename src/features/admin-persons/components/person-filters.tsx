import { Button, Checkbox } from '@mantine/core';
import { ListFilterSelect } from '../../../components/list-page/list-page';
import type { adminPersonList } from '../../../shared/contracts/admin-person-list';
import { personPositions } from '../../../shared/contracts/facility-lists';
import type { ListSearch } from '../../../shared/contracts/list-contract';

export type PersonListSearch = ListSearch<typeof adminPersonList>;
const kinds = { person: 'Personal einer KiTa', account: 'nur Benutzerkonto' };
const accounts = { yes: 'mit Konto', no: 'ohne Konto' };
type Props = { search: PersonListSearch; onChange: (next: Partial<PersonListSearch>) => void };

/** The persons list's own filters (after the search box); every change starts again at page 1. */
export function PersonFilters({ search, onChange }: Props) {
  return (
    <>
      <ListFilterSelect label="Eintrag" width={190} options={kinds} value={search.kind} onChange={(kind) => onChange({ kind, page: undefined })} />
      <ListFilterSelect
        label="Benutzerkonto"
        width={150}
        options={accounts}
        value={search.hasAccount}
        onChange={(hasAccount) => onChange({ hasAccount, page: undefined })}
      />
      <ListFilterSelect
        label="Funktion"
        width={200}
        options={personPositions}
        value={search.position}
        onChange={(position) => onChange({ position, page: undefined })}
      />
      <Checkbox
        label="Entfernte zeigen"
        mb={8}
        checked={search.includeRemoved === 'yes'}
        onChange={(e) => onChange({ includeRemoved: e.currentTarget.checked ? 'yes' : undefined, page: undefined })}
      />
      {search.facilityId && (
        <Button variant="default" size="xs" mb={6} onClick={() => onChange({ facilityId: undefined, page: undefined })}>
          {`Nur KiTa Nr. ${search.facilityId} – Filter entfernen`}
        </Button>
      )}
    </>
  );
}
