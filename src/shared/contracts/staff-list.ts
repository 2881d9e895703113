import { defineListContract } from './list-contract';

/** GET /api/facilities/{facilityId}/persons: the KiTa's staff list; search `q` over name, e-mail and position */
export const staffList = defineListContract({
  path: 'facilities/:facilityId/persons',
  sortKeys: ['lastName', 'firstName', 'position', 'email', 'createdAt'],
  defaults: { sort: 'lastName', dir: 'asc', pageSize: 25 },
  filters: {},
});
