import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toSearchParams } from '../../../lib/search-params';
import { adminFacilityPageSchema } from '../../../shared/contracts/admin-facilities';
import { type FacilityListQuery } from '../list-search';

export async function listFacilities(query: FacilityListQuery) {
  return adminFacilityPageSchema.parse(await api.get('admin/facilities', { searchParams: toSearchParams(query) }).json());
}

/** Every admin facility query (lists and details) starts with this; writes invalidate all of them. */
export const adminFacilitiesKey = ['admin', 'facilities'] as const;

export const facilityListQueryOptions = (query: FacilityListQuery) =>
  queryOptions({ queryKey: [...adminFacilitiesKey, 'list', query], queryFn: () => listFacilities(query), placeholderData: keepPreviousData });

/**
 * The loader has the first page ready; while a new page or filter loads, the previous rows stay visible (with the
 * table's loading overlay) instead of the whole page suspending on every keystroke in the search box.
 */
export const useFacilityList = (query: FacilityListQuery) => useQuery(facilityListQueryOptions(query));
