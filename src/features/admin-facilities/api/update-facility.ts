import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminFacilitiesKey } from './list-facilities';
import { facilitySchema, type Facility, type FacilityUpdate } from '../../../shared/contracts/facilities';

export async function updateAdminFacility({ id, input }: { id: number; input: FacilityUpdate }): Promise<Facility> {
  return facilitySchema.parse(await api.put(`admin/facilities/${id}`, { json: input }).json());
}

/** After saving, the detail (history!) and every list page are stale. */
export function useUpdateAdminFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminFacility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminFacilitiesKey }),
  });
}
