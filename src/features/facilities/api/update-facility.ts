import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { facilitySchema, type Facility, type FacilityUpdate } from '../../../shared/contracts/facilities';
import { facilityQueryOptions } from './get-facility';
import { facilityHistoryQueryOptions } from './get-facility-history';

/** PUT /api/facilities/{id} with the version read; a stale version answers 409 `conflict`. */
export async function updateFacility(facilityId: number, input: FacilityUpdate): Promise<Facility> {
  return api.put(`facilities/${facilityId}`, { json: input, retry: 0 }).json().then(parseWith(facilitySchema));
}

export function useUpdateFacility(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FacilityUpdate) => updateFacility(facilityId, input),
    onSuccess: (facility) => {
      queryClient.setQueryData(facilityQueryOptions(facilityId).queryKey, facility);
      void queryClient.invalidateQueries({ queryKey: facilityHistoryQueryOptions(facilityId).queryKey });
    },
  });
}
