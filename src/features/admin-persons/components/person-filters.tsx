import { Button, Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { useListSearchBox } from '../../../components/data-table/use-list-search-box';
import { personPositions } from '../../../shared/contracts/facility-lists';
import { type PersonListSearch } from '../list-search';

type Props = { search: PersonListSearch; onChange: (next: Partial<PersonListSearch>) => void };

const ALL = '';
const RESET = { q: undefined, kind: undefined, has_account: undefined, position: undefined, facility_id: undefined, include_removed: undefined, page: undefined };

/** Search and filters in one row above the persons table; every change starts again at page 1. */
export function PersonFilters({ search, onChange }: Props) {
  const searchBox = useListSearchBox(search.q, (q) => onChange({ q, page: undefined }));
  const pick = <K extends keyof PersonListSearch>(key: K) => (e: React.ChangeEvent<HTMLSelectElement>) =>
    onChange({ [key]: e.currentTarget.value || undefined, page: undefined } as Partial<PersonListSearch>);
  const hasFilters = Boolean(search.q || search.kind || search.has_account || search.position || search.facility_id || search.include_removed === 'yes');

  return (
    <Group align="flex-end" gap="sm" mb="sm" wrap="wrap" role="search" aria-label="Personen filtern">
      <TextInput
        label="Suche"
        description="Name, E-Mail oder KiTa"
        type="search"
        w={280}
        value={searchBox.value}
        onChange={searchBox.onChange}
      />
      <NativeSelect
        label="Eintrag"
        w={190}
        data={[
          { value: ALL, label: 'alle' },
          { value: 'person', label: 'Personal einer KiTa' },
          { value: 'account', label: 'nur Benutzerkonto' },
        ]}
        value={search.kind ?? ALL}
        onChange={pick('kind')}
      />
      <NativeSelect
        label="Benutzerkonto"
        w={150}
        data={[
          { value: ALL, label: 'alle' },
          { value: 'yes', label: 'mit Konto' },
          { value: 'no', label: 'ohne Konto' },
        ]}
        value={search.has_account ?? ALL}
        onChange={pick('has_account')}
      />
      <NativeSelect
        label="Funktion"
        w={200}
        data={[{ value: ALL, label: 'alle' }, ...personPositions.map((p) => ({ value: p, label: p }))]}
        value={search.position ?? ALL}
        onChange={pick('position')}
      />
      <Checkbox
        label="Entfernte zeigen"
        mb={8}
        checked={search.include_removed === 'yes'}
        onChange={(e) => onChange({ include_removed: e.currentTarget.checked ? 'yes' : undefined, page: undefined })}
      />
      {search.facility_id && (
        <Button variant="default" size="xs" mb={6} onClick={() => onChange({ facility_id: undefined, page: undefined })}>
          {`Nur KiTa Nr. ${search.facility_id} – Filter entfernen`}
        </Button>
      )}
      {hasFilters && (
        <Button
          variant="subtle"
          onClick={() => {
            searchBox.clear();
            onChange(RESET);
          }}
        >
          Filter zurücksetzen
        </Button>
      )}
    </Group>
  );
}
