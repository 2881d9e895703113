import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { adminFacilityDetailSchema, adminFacilityPageSchema } from '../../../shared/contracts/admin-facilities';

/** GET /api/admin/facilities?q=…: the KiTa chooser (host KiTa, "Person hinzufügen") searches the admin KiTa list */
export const facilitySearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'facilities', 'list', { q, pageSize: 8, chooser: true }],
    queryFn: () =>
      api
        .get('admin/facilities', { searchParams: { q, pageSize: 8, sort: 'label' } })
        .json()
        .then(parseWith(adminFacilityPageSchema)),
    staleTime: 30_000,
  });
export const useFacilitySearch = (q: string) => useQuery({ ...facilitySearchQueryOptions(q), placeholderData: (prev) => prev });

/** GET /api/admin/facilities/{id}: its staff for "Person hinzufügen" */
export const facilityStaffQueryOptions = (facilityId: number) =>
  queryOptions({
    // the admin KiTa detail's key: one cache entry for both screens
    queryKey: ['admin', 'facilities', 'detail', facilityId],
    queryFn: () => api.get(`admin/facilities/${facilityId}`).json().then(parseWith(adminFacilityDetailSchema)),
  });
export const useFacilityStaff = (facilityId: number | null) =>
  useQuery({ ...facilityStaffQueryOptions(facilityId ?? 0), enabled: facilityId !== null });
