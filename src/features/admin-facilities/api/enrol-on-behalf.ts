import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminFacilitiesKey } from './list-facilities';
import { seasonEnrolmentSchema, type SeasonEnrolmentInput } from '../../../shared/contracts/season-enrolment';

type Args = { facilityId: number; seasonId: number; input: SeasonEnrolmentInput };

/** PUT /api/admin/facilities/{id}/enrolments/{seasonId}: enrols the KiTa on its behalf (any state, any deadline). */
export async function enrolOnBehalf({ facilityId, seasonId, input }: Args) {
  return seasonEnrolmentSchema.parse(await api.put(`admin/facilities/${facilityId}/enrolments/${seasonId}`, { json: input }).json());
}

export function useEnrolOnBehalf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrolOnBehalf,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminFacilitiesKey }),
  });
}
