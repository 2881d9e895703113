import { z } from 'zod';
import { adminFacilitySortKeys } from '../../shared/contracts/admin-facilities';
import { facilityKinds, regions } from '../../shared/contracts/facility-lists';

/**
 * The KiTa list's state in the URL (page, pageSize, sort, dir, q and filters), so admins bookmark and share a
 * filtered list. Every field is optional and a broken one is dropped on its own, so an old link still opens.
 */
export const facilityListSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(0).max(1000).optional().catch(undefined),
  sort: z.enum(adminFacilitySortKeys).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  region: z.enum(regions).optional().catch(undefined),
  kind: z.enum(facilityKinds).optional().catch(undefined),
  enrolled_season_id: z.coerce.number().int().positive().optional().catch(undefined),
  enrolled: z.enum(['yes', 'no']).optional().catch(undefined),
});
export type FacilityListSearch = z.infer<typeof facilityListSearchSchema>;

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
