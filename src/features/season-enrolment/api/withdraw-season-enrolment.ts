import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { seasonEnrolmentStatusSchema, type SeasonEnrolmentStatus } from '../../../shared/contracts/season-enrolment';
import { seasonChecklistQueryOptions } from './get-season-checklist';
import { seasonEnrolmentQueryOptions } from './get-season-enrolment';

/** DELETE /api/facilities/{id}/season-enrolment?version= : withdraws; answers the status afterwards. */
export async function withdrawSeasonEnrolment(facilityId: number, version: number): Promise<SeasonEnrolmentStatus> {
  return api
    .delete(`facilities/${facilityId}/season-enrolment`, { searchParams: { version }, retry: 0 })
    .json()
    .then(parseWith(seasonEnrolmentStatusSchema));
}

export function useWithdrawSeasonEnrolment(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => withdrawSeasonEnrolment(facilityId, version),
    onSuccess: async (status) => {
      queryClient.setQueryData(seasonEnrolmentQueryOptions(facilityId).queryKey, status);
      await queryClient.invalidateQueries({ queryKey: seasonChecklistQueryOptions(facilityId).queryKey });
    },
  });
}
