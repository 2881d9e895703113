import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { teamWorkshopDetailSchema, type TeamWorkshopDetail } from '../../../shared/contracts/team-workshops';
import { adminTeamWorkshopsKey } from './list-team-workshops';

/** GET /api/admin/team-workshop-applications/{id}: the application, its KiTa and its history */
export async function getTeamWorkshop(id: number): Promise<TeamWorkshopDetail> {
  return api.get(`admin/team-workshop-applications/${id}`).json().then(parseWith(teamWorkshopDetailSchema));
}

export const teamWorkshopDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...adminTeamWorkshopsKey, 'detail', id], queryFn: () => getTeamWorkshop(id) });

export const useTeamWorkshopDetail = (id: number | null) => useQuery({ ...teamWorkshopDetailQueryOptions(id ?? 0), enabled: id !== null });
