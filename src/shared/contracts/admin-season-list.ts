import { defineListContract, enumFilter } from './list-contract';

/**
 * GET /api/admin/seasons (and its exports): every season with its enrolment state and count of enrolled KiTas;
 * search `q` over identifier and label, filter by enrolment state. Newest first.
 */
export const adminSeasonList = defineListContract({
  path: 'admin/seasons',
  sortKeys: ['identifier', 'label', 'startDate', 'enrolment_state', 'enrolledCount'],
  defaults: { sort: 'identifier', dir: 'desc', pageSize: 25 },
  filters: { enrolment_state: enumFilter(['open', 'closed']) },
});
