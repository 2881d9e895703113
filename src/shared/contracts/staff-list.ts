import { defineListContract } from './list-contract';

/** GET /api/facilities/{facilityId}/persons: the KiTa's staff list; search `q` over name, e-mail and position */
export const staffList = defineListContract({
  path: 'facilities/:facilityId/persons',
  sortKeys: ['last_name', 'first_name', 'position', 'email', 'created_at'],
  defaults: { sort: 'last_name', dir: 'asc', pageSize: 25 },
  filters: {},
});
