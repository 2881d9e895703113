import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, parseWith } from '../../lib/api-client';
import { adminFacilityPageSchema } from '../../shared/contracts/admin-facilities';

/**
 * GET /api/admin/facilities?q=…: the KiTa chooser (host KiTa, "Person hinzufügen", the KiTa of a legacy import's row)
 * searches the admin KiTa list
 */
const facilitySearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'facilities', 'list', { q, pageSize: 8, chooser: true }],
    queryFn: () =>
      api
        .get('admin/facilities', { searchParams: { q, pageSize: 8, sort: 'label' } })
        .json()
        .then(parseWith(adminFacilityPageSchema)),
    staleTime: 30_000,
  });
const useFacilitySearch = (q: string) => useQuery({ ...facilitySearchQueryOptions(q), placeholderData: (prev) => prev });

type Props = {
  label: string;
  value: string | null;
  onChange: (facilityId: string | null, label: string | null) => void;
  error?: string | undefined;
  /** the chosen KiTa's name when it is not among the first search results (editing) */
  initialLabel?: string | null;
  description?: string;
  'data-path'?: string;
};

/** A searchable select over the admin KiTa list (name, place or postcode); the server searches and answers the 8 best. */
export function FacilityChooser({ label, value, onChange, error, initialLabel, description, ...rest }: Props) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const { data, isFetching } = useFacilitySearch(q);
  const options = (data?.items ?? []).map((f) => ({ value: String(f.id), label: `${f.label} (${f.postalCode} ${f.city})` }));
  if (value && initialLabel && !options.some((o) => o.value === value)) options.unshift({ value, label: initialLabel });
  return (
    <Select
      label={label}
      description={description ?? 'Tippe Name, Ort oder Postleitzahl.'}
      searchable
      clearable
      filter={({ options: all }) => all}
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => onChange(next, option ? option.label : null)}
      nothingFoundMessage={isFetching ? 'Wird gesucht …' : 'Keine KiTa gefunden.'}
      error={error}
      comboboxProps={{ withinPortal: true }}
      // the 8 best matches fit without scrolling: a scrolling listbox would be a region keyboards can't reach (axe)
      maxDropdownHeight={8 * 48}
      clearButtonProps={{ 'aria-label': `${label} leeren` }}
      data-path={rest['data-path']}
    />
  );
}
