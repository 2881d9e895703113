import { regions } from './facility-lists';
import { defineListContract, enumFilter, yesNoFilter } from './list-contract';

/**
 * Plain (no zod), so the list's route definition can use it without putting zod into the first page's bundle
 * (scripts/bench/bundle.mjs); documentation.ts and admin-documentation.ts re-export these.
 */
export const documentationStates = ['draft', 'submitted', 'returned', 'approved', 'rejected'] as const;
export type DocumentationState = (typeof documentationStates)[number];

/** the list of a season's forms (started forms; KiTas enrolled but not started appear as "nicht begonnen") */
export const adminDocumentationListStates = [...documentationStates, 'not_started'] as const;
export const adminDocumentationList = defineListContract({
  path: 'admin/documentation/:seasonIdentifier',
  sortKeys: ['facility', 'region', 'state', 'submittedAt', 'reviews', 'score', 'updatedAt'],
  defaults: { sort: 'facility', dir: 'asc', pageSize: 50 },
  filters: {
    state: enumFilter(adminDocumentationListStates),
    region: enumFilter(regions),
    /** the caller has (yes) / has not (no) reviewed it yet */
    reviewedByMe: yesNoFilter(),
  },
});
