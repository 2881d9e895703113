import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { teamWorkshopStatusSchema, type TeamWorkshopStatus } from '../../../shared/contracts/team-workshops';

/** GET /api/facilities/{id}/team-workshop-applications: the current season's application (or null) and whether it may change. */
export async function getTeamWorkshop(facilityId: number): Promise<TeamWorkshopStatus> {
  return api.get(`facilities/${facilityId}/team-workshop-applications`).json().then(parseWith(teamWorkshopStatusSchema));
}

export const teamWorkshopQueryOptions = (facilityId: number) =>
  queryOptions({ queryKey: ['facilities', facilityId, 'team-workshop-applications'], queryFn: () => getTeamWorkshop(facilityId) });

export const useTeamWorkshop = (facilityId: number) => useSuspenseQuery(teamWorkshopQueryOptions(facilityId));
