import { toSearchParams } from '../../../lib/search-params';
import { facilityFilters, type FacilityListSearch } from '../list-search';

/**
 * The exports are plain links, so the browser streams the download itself (no blob in memory). They carry the
 * list's filters and sort, never the page: the whole filtered list is exported.
 */
export function facilityExportUrl(format: 'xlsx' | 'csv', search: FacilityListSearch): string {
  const query = toSearchParams(facilityFilters(search)).toString();
  return `/api/admin/facilities/export.${format}${query ? `?${query}` : ''}`;
}
