import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { adminFacilityDetailSchema } from '../../../shared/contracts/admin-facilities';

/** GET /api/admin/facilities/{id}: its staff for "Person hinzufügen" */
export const facilityStaffQueryOptions = (facilityId: number) =>
  queryOptions({
    // the admin KiTa detail's key: one cache entry for both screens
    queryKey: ['admin', 'facilities', 'detail', facilityId],
    queryFn: () => api.get(`admin/facilities/${facilityId}`).json().then(parseWith(adminFacilityDetailSchema)),
  });
export const useFacilityStaff = (facilityId: number | null) =>
  useQuery({ ...facilityStaffQueryOptions(facilityId ?? 0), enabled: facilityId !== null });
