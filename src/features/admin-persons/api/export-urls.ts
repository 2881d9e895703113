import { toSearchParams } from '../../../lib/search-params';
import { personListQuery, type PersonListSearch } from '../list-search';

/** Plain download links (the browser streams the file) carrying the list's filters and sort, never the page. */
export function personExportUrl(format: 'xlsx' | 'csv', search: PersonListSearch): string {
  const { page: _page, pageSize: _pageSize, ...filters } = personListQuery(search);
  const query = toSearchParams(filters).toString();
  return `/api/admin/persons/export.${format}${query ? `?${query}` : ''}`;
}
