import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { teamWorkshopStatusSchema, type TeamWorkshopStatus } from '../../../shared/contracts/team-workshops';
import { teamWorkshopQueryOptions } from './get-team-workshop';

/** DELETE /api/facilities/{id}/team-workshop-applications?version= : withdraws the undecided application; answers the status. */
export async function withdrawTeamWorkshop(facilityId: number, version: number): Promise<TeamWorkshopStatus> {
  return api
    .delete(`facilities/${facilityId}/team-workshop-applications`, { searchParams: { version }, retry: 0 })
    .json()
    .then(parseWith(teamWorkshopStatusSchema));
}

export function useWithdrawTeamWorkshop(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => withdrawTeamWorkshop(facilityId, version),
    onSuccess: async (status) => {
      queryClient.setQueryData(teamWorkshopQueryOptions(facilityId).queryKey, status);
      await queryClient.invalidateQueries({ queryKey: ['facilities', facilityId], refetchType: 'none' });
    },
  });
}
