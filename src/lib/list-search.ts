import {
  listFiltersOf,
  listPath,
  listQueryOf,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  SEARCH_MAX,
  sortDirs,
  type ListContract,
  type ListFilter,
  type ListSearch,
} from '../shared/contracts/list-contract';
import { searchEnum, searchId, searchInt, searchText } from './search-schema';
import { toSearchParams } from './search-params';

/**
 * The client side of a list contract, plain functions (route definitions load with every page, ADR 0006): the
 * URL search parser, the query of the page call, the export URLs. Nothing here names a list's fields.
 */
const yesNo = ['yes', 'no'] as const;
const fieldOf = (filter: ListFilter) =>
  filter.kind === 'enum'
    ? searchEnum(filter.values)
    : filter.kind === 'id'
      ? searchId
      : filter.kind === 'yesNo'
        ? searchEnum(yesNo)
        : searchText(filter.max);

/** `validateSearch` of a list route: every field optional, a broken one dropped on its own (set to undefined) */
export function listSearchParser<C extends ListContract>(contract: C) {
  const fields: Record<string, (raw: unknown) => unknown> = {
    page: searchInt(1, MAX_PAGE),
    pageSize: searchInt(0, MAX_PAGE_SIZE),
    sort: searchEnum(contract.sortKeys),
    dir: searchEnum(sortDirs),
    q: searchText(SEARCH_MAX),
  };
  for (const [key, filter] of Object.entries(contract.filters)) fields[key] = fieldOf(filter);
  return (raw: unknown): ListSearch<C> => {
    const input = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) out[key] = field(input[key]);
    return out as ListSearch<C>;
  };
}

/**
 * A list route's `validateSearch`, and the query its loader fetches, read from the loader's `location`. A list's search
 * is never a route's `loaderDeps` (eslint `local/one-way`): the router makes a new match for every new value of them,
 * and when that match's load took longer than its `pendingMs` (1 s: the guard and the loader on a busy browser) it
 * put the loading page in the list's place, hid the search box and the keys typed meanwhile were lost (found in CI
 * under load). Without deps the page keeps its match while its search changes: its loader runs when the page is
 * entered (and awaited there, so the first render has the rows), and the component's `useListQuery` fetches each
 * later search, the previous rows under the table's overlay.
 */
export function listRoute<C extends ListContract>(contract: C) {
  const validateSearch = listSearchParser(contract);
  return {
    validateSearch,
    /** the page call's query of the address being loaded (the loader's `location`) */
    queryOf: (location: { search: unknown }) => listQueryOf(contract, validateSearch(location.search)),
  };
}

/** the download link of an export: the list's filters and sort, never the page (the whole filtered list) */
export function exportUrlOf<C extends ListContract>(
  contract: C,
  format: 'xlsx' | 'csv',
  search: ListSearch<C>,
  params?: Record<string, string | number>,
) {
  const query = toSearchParams(listFiltersOf(contract, search) as Record<string, string | number | undefined>).toString();
  return `/api/${listPath(contract, params)}/export.${format}${query ? `?${query}` : ''}`;
}

/** a filter is set when it has a value other than its default */
export function hasFilters<C extends ListContract>(contract: C, search: ListSearch<C>) {
  const s = search as Record<string, unknown>;
  return Boolean(s.q) || Object.entries(contract.filters).some(([key, f]) => s[key] !== undefined && !(f.kind === 'yesNo' && s[key] === f.default));
}

/** the search change that clears the search box and every filter */
export function resetFilters<C extends ListContract>(contract: C): Partial<ListSearch<C>> {
  return Object.fromEntries(['q', 'page', ...Object.keys(contract.filters)].map((key) => [key, undefined])) as Partial<ListSearch<C>>;
}
