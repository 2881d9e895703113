import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { teamWorkshopApplicationSchema, type TeamWorkshopApplication, type TeamWorkshopInput } from '../../../shared/contracts/team-workshops';
import { teamWorkshopQueryOptions } from './get-team-workshop';

/** POST (apply; no version) or PUT (change while submitted; with the version read) /api/facilities/{id}/team-workshop-applications */
export async function saveTeamWorkshop(facilityId: number, input: TeamWorkshopInput): Promise<TeamWorkshopApplication> {
  const url = `facilities/${facilityId}/team-workshop-applications`;
  const request = input.version === undefined ? api.post(url, { json: input, retry: 0 }) : api.put(url, { json: input, retry: 0 });
  return request.json().then(parseWith(teamWorkshopApplicationSchema));
}

export function useSaveTeamWorkshop(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamWorkshopInput) => saveTeamWorkshop(facilityId, input),
    onSuccess: async (application) => {
      queryClient.setQueryData(teamWorkshopQueryOptions(facilityId).queryKey, (status) => (status ? { ...status, application } : status));
      // the home page's season checklist shows the application's state: stale now, fetched when it is seen
      await queryClient.invalidateQueries({ queryKey: ['facilities', facilityId], refetchType: 'none' });
    },
  });
}
