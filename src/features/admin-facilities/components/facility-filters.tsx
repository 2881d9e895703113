import { Checkbox, NativeSelect } from '@mantine/core';
import { ListFilterSelect } from '../../../components/list-page/list-page';
import type { adminFacilityList } from '../../../shared/contracts/admin-facility-list';
import { facilityKinds, regions } from '../../../shared/contracts/facility-lists';
import type { ListSearch } from '../../../shared/contracts/list-contract';
import { seasonText } from '../../../shared/season-text';

export type SeasonOption = { id: number; identifier: string };
export type FacilityListSearch = ListSearch<typeof adminFacilityList>;

type Props = {
  search: FacilityListSearch;
  seasons: SeasonOption[];
  onChange: (next: Partial<FacilityListSearch>) => void;
};

/** The KiTa list's own filters (after the search box); every change starts again at page 1. */
export function FacilityFilters({ search, seasons, onChange }: Props) {
  const enrolledValue = search.enrolledSeasonId ? `${search.enrolledSeasonId}:${search.enrolled ?? 'yes'}` : '';
  const enrolledOptions = [
    { value: '', label: 'alle' },
    ...seasons.flatMap((s) => [
      { value: `${s.id}:yes`, label: `angemeldet zu ${seasonText(s.identifier)}` },
      { value: `${s.id}:no`, label: `nicht angemeldet zu ${seasonText(s.identifier)}` },
    ]),
  ];
  return (
    <>
      <ListFilterSelect
        label="Regierungsbezirk"
        width={180}
        options={regions}
        value={search.region}
        onChange={(region) => onChange({ region, page: undefined })}
      />
      <ListFilterSelect
        label="Art"
        width={170}
        options={facilityKinds}
        value={search.kind}
        onChange={(kind) => onChange({ kind, page: undefined })}
      />
      <NativeSelect
        label="KiTa-Jahr"
        w={250}
        data={enrolledOptions}
        value={enrolledValue}
        onChange={(e) => {
          const [id, enrolled] = e.currentTarget.value.split(':');
          onChange({ enrolledSeasonId: id ? Number(id) : undefined, enrolled: id ? (enrolled as 'yes' | 'no') : undefined, page: undefined });
        }}
      />
      {/* KiTas whose kind, operator kind or address is empty (e.g. created by an import that did not know them) */}
      <Checkbox
        label="Stammdaten unvollständig"
        mb={8}
        checked={search.incomplete === 'yes'}
        onChange={(e) => onChange({ incomplete: e.currentTarget.checked ? 'yes' : undefined, page: undefined })}
      />
    </>
  );
}
