import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { seasonEnrolmentSchema, type SeasonEnrolment, type SeasonEnrolmentInput } from '../../../shared/contracts/season-enrolment';
import { seasonChecklistQueryOptions } from './get-season-checklist';
import { seasonEnrolmentQueryOptions } from './get-season-enrolment';

/** PUT /api/facilities/{id}/season-enrolment: enrols (no version) or changes the enrolment (its version). */
export async function saveSeasonEnrolment(facilityId: number, input: SeasonEnrolmentInput): Promise<SeasonEnrolment> {
  return api.put(`facilities/${facilityId}/season-enrolment`, { json: input, retry: 0 }).json().then(parseWith(seasonEnrolmentSchema));
}

export function useSaveSeasonEnrolment(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SeasonEnrolmentInput) => saveSeasonEnrolment(facilityId, input),
    onSuccess: async (enrolment) => {
      queryClient.setQueryData(seasonEnrolmentQueryOptions(facilityId).queryKey, (status) => (status ? { ...status, enrolment } : status));
      await queryClient.invalidateQueries({ queryKey: seasonChecklistQueryOptions(facilityId).queryKey });
    },
  });
}
