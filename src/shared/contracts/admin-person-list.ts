import { enumFilter, idFilter, defineListContract, yesNoFilter } from './list-contract';
import { adminPersonSortKeys, personPositions } from './facility-lists';

/**
 * GET /api/admin/persons (and its exports): every staff entry of every KiTa and every account without one.
 * `kind`: person (staff entries, with or without account) | account (accounts without a staff entry); search `q`
 * over name, e-mail and KiTa name.
 */
export const adminPersonList = defineListContract({
  path: 'admin/persons',
  sortKeys: adminPersonSortKeys,
  defaults: { sort: 'lastName', dir: 'asc', pageSize: 25 },
  filters: {
    kind: enumFilter(['person', 'account']),
    hasAccount: yesNoFilter(),
    position: enumFilter(personPositions),
    facilityId: idFilter(),
    includeRemoved: yesNoFilter('no'),
  },
});
