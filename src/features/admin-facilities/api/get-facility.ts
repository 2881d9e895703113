import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminFacilitiesKey } from './list-facilities';
import { adminFacilityDetailSchema, type AdminFacilityDetail } from '../../../shared/contracts/admin-facilities';

export async function getAdminFacility(facilityId: number): Promise<AdminFacilityDetail> {
  return adminFacilityDetailSchema.parse(await api.get(`admin/facilities/${facilityId}`).json());
}

export const adminFacilityQueryKey = (facilityId: number) => [...adminFacilitiesKey, 'detail', facilityId] as const;

export const adminFacilityQueryOptions = (facilityId: number) =>
  queryOptions({ queryKey: adminFacilityQueryKey(facilityId), queryFn: () => getAdminFacility(facilityId) });

export const useAdminFacility = (facilityId: number) => useSuspenseQuery(adminFacilityQueryOptions(facilityId));
