import { enumFilter, idFilter, defineListContract, yesNoFilter } from './list-contract';
import { adminFacilitySortKeys, facilityKinds, regions } from './facility-lists';

/**
 * GET /api/admin/facilities (and its exports): search `q` over name, city and postal code; filters region, kind,
 * enrolment to a season (`enrolled_season_id` + `enrolled` yes|no; the season alone means "enrolled"), and
 * `incomplete` yes|no: master data missing (facility-lists.ts `masterDataFields`) or not.
 */
export const adminFacilityList = defineListContract({
  path: 'admin/facilities',
  sortKeys: adminFacilitySortKeys,
  defaults: { sort: 'label', dir: 'asc', pageSize: 25 },
  filters: {
    region: enumFilter(regions),
    kind: enumFilter(facilityKinds),
    enrolledSeasonId: idFilter(),
    enrolled: yesNoFilter(),
    incomplete: yesNoFilter(),
  },
  normalize: (f) => ({ ...f, enrolled: f.enrolledSeasonId ? (f.enrolled ?? 'yes') : undefined }),
});
