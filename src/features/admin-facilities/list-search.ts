import { searchEnum, searchInt, searchSchema, searchText, type SearchOf } from '../../lib/search-schema';
import { adminFacilitySortKeys, facilityKinds, regions } from '../../shared/contracts/facility-lists';

/**
 * The KiTa list's state in the URL (page, pageSize, sort, dir, q and filters), so admins bookmark and share a
 * filtered list. Every field is optional and a broken one is dropped on its own, so an old link still opens.
 */
export const facilityListSearchSchema = searchSchema({
  page: searchInt(1),
  pageSize: searchInt(0, 1000),
  sort: searchEnum(adminFacilitySortKeys),
  dir: searchEnum(['asc', 'desc']),
  q: searchText(200),
  region: searchEnum(regions),
  kind: searchEnum(facilityKinds),
  enrolled_season_id: searchInt(1),
  enrolled: searchEnum(['yes', 'no']),
});
export type FacilityListSearch = SearchOf<typeof facilityListSearchSchema>;

export const FACILITY_LIST_DEFAULTS = { page: 1, pageSize: 25, sort: 'label', dir: 'asc' } as const;

/** The filters alone (what the exports take): no paging. */
export function facilityFilters(search: FacilityListSearch) {
  return {
    q: search.q || undefined,
    region: search.region,
    kind: search.kind,
    enrolled_season_id: search.enrolled_season_id,
    enrolled: search.enrolled_season_id ? (search.enrolled ?? 'yes') : undefined,
    sort: search.sort ?? FACILITY_LIST_DEFAULTS.sort,
    dir: search.dir ?? FACILITY_LIST_DEFAULTS.dir,
  };
}

/** What the list call sends: the filters plus the page. */
export function facilityListQuery(search: FacilityListSearch) {
  return {
    ...facilityFilters(search),
    page: search.page ?? FACILITY_LIST_DEFAULTS.page,
    pageSize: search.pageSize ?? FACILITY_LIST_DEFAULTS.pageSize,
  };
}
export type FacilityListQuery = ReturnType<typeof facilityListQuery>;
