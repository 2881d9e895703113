import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useListSearchBox } from '../../../components/data-table/use-list-search-box';
import { facilityKinds, regions } from '../../../shared/contracts/facility-lists';
import { type FacilityListSearch } from '../list-search';
import { seasonText } from '../../../shared/season-text';

export type SeasonOption = { id: number; identifier: string };

type Props = {
  search: FacilityListSearch;
  seasons: SeasonOption[];
  onChange: (next: Partial<FacilityListSearch>) => void;
};

const ALL = '';

/** Search and filters in one row above the table; every change starts again at page 1. */
export function FacilityFilters({ search, seasons, onChange }: Props) {
  const searchBox = useListSearchBox(search.q, (q) => onChange({ q, page: undefined }));

  const enrolledValue = search.enrolled_season_id ? `${search.enrolled_season_id}:${search.enrolled ?? 'yes'}` : ALL;
  const enrolledOptions = [
    { value: ALL, label: 'alle' },
    ...seasons.flatMap((s) => [
      { value: `${s.id}:yes`, label: `angemeldet zu ${seasonText(s.identifier)}` },
      { value: `${s.id}:no`, label: `nicht angemeldet zu ${seasonText(s.identifier)}` },
    ]),
  ];
  const hasFilters = Boolean(search.q || search.region || search.kind || search.enrolled_season_id);

  return (
    <Group align="flex-end" gap="sm" mb="sm" wrap="wrap" role="search" aria-label="KiTas filtern">
      <TextInput
        label="Suche"
        description="Name, Ort oder Postleitzahl"
        type="search"
        w={280}
        value={searchBox.value}
        onChange={searchBox.onChange}
      />
      <NativeSelect
        label="Regierungsbezirk"
        w={180}
        data={[{ value: ALL, label: 'alle' }, ...regions.map((r) => ({ value: r, label: r }))]}
        value={search.region ?? ALL}
        onChange={(e) => onChange({ region: (e.currentTarget.value || undefined) as FacilityListSearch['region'], page: undefined })}
      />
      <NativeSelect
        label="Art"
        w={170}
        data={[{ value: ALL, label: 'alle' }, ...facilityKinds.map((k) => ({ value: k, label: k }))]}
        value={search.kind ?? ALL}
        onChange={(e) => onChange({ kind: (e.currentTarget.value || undefined) as FacilityListSearch['kind'], page: undefined })}
      />
      <NativeSelect
        label="KiTa-Jahr"
        w={250}
        data={enrolledOptions}
        value={enrolledValue}
        onChange={(e) => {
          const [id, enrolled] = e.currentTarget.value.split(':');
          onChange({
            enrolled_season_id: id ? Number(id) : undefined,
            enrolled: id ? (enrolled as 'yes' | 'no') : undefined,
            page: undefined,
          });
        }}
      />
      {hasFilters && (
        <Button
          variant="subtle"
          onClick={() => {
            searchBox.clear();
            onChange({ q: undefined, region: undefined, kind: undefined, enrolled_season_id: undefined, enrolled: undefined, page: undefined });
          }}
        >
          Filter zurücksetzen
        </Button>
      )}
    </Group>
  );
}
