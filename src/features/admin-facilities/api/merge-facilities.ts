import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminFacilitiesKey } from './list-facilities';
import { facilityMergeResultSchema, type FacilityMergeInput } from '../../../shared/contracts/admin-facilities';

/** Everything of `source_id` moves to `target_id`; the source is closed and points to the target. */
export async function mergeFacilities(input: FacilityMergeInput) {
  return facilityMergeResultSchema.parse(await api.post('admin/facilities/merge', { json: input }).json());
}

export function useMergeFacilities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeFacilities,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminFacilitiesKey }),
  });
}
