import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { teamWorkshopDetailSchema, type TeamWorkshopDecision, type TeamWorkshopDetail } from '../../../shared/contracts/team-workshops';
import { adminTeamWorkshopsKey } from './list-team-workshops';

/** POST /api/admin/team-workshop-applications/{id}/decision: accept, decline (comment) or schedule (date and time) */
export async function decideTeamWorkshop(id: number, input: TeamWorkshopDecision): Promise<TeamWorkshopDetail> {
  return api.post(`admin/team-workshop-applications/${id}/decision`, { json: input, retry: 0 }).json().then(parseWith(teamWorkshopDetailSchema));
}

export function useDecideTeamWorkshop(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamWorkshopDecision) => decideTeamWorkshop(id, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminTeamWorkshopsKey });
      // the admin KiTa detail shows the KiTa's applications
      await queryClient.invalidateQueries({ queryKey: ['admin', 'facilities'], refetchType: 'none' });
    },
  });
}
