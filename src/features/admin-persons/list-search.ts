import { searchEnum, searchInt, searchSchema, searchText, type SearchOf } from '../../lib/search-schema';
import { adminPersonSortKeys, personPositions } from '../../shared/contracts/facility-lists';

/** The persons list's state in the URL; each field optional and dropped on its own when broken. */
export const personListSearchSchema = searchSchema({
  page: searchInt(1),
  pageSize: searchInt(0, 1000),
  sort: searchEnum(adminPersonSortKeys),
  dir: searchEnum(['asc', 'desc']),
  q: searchText(200),
  kind: searchEnum(['person', 'account']),
  has_account: searchEnum(['yes', 'no']),
  position: searchEnum(personPositions),
  facility_id: searchInt(1),
  include_removed: searchEnum(['yes', 'no']),
});
export type PersonListSearch = SearchOf<typeof personListSearchSchema>;

export const PERSON_LIST_DEFAULTS = { page: 1, pageSize: 25, sort: 'last_name', dir: 'asc' } as const;

export function personListQuery(s: PersonListSearch) {
  return {
    q: s.q || undefined,
    kind: s.kind,
    has_account: s.has_account,
    position: s.position,
    facility_id: s.facility_id,
    include_removed: s.include_removed,
    sort: s.sort ?? PERSON_LIST_DEFAULTS.sort,
    dir: s.dir ?? PERSON_LIST_DEFAULTS.dir,
    page: s.page ?? PERSON_LIST_DEFAULTS.page,
    pageSize: s.pageSize ?? PERSON_LIST_DEFAULTS.pageSize,
  };
}
export type PersonListQuery = ReturnType<typeof personListQuery>;
