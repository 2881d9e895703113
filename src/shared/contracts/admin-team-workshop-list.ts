import { defineListContract, enumFilter, idFilter } from './list-contract';
import { regions } from './facility-lists';

/** plain (no zod) so the list's route definition can use it; the zod contract re-exports it */
export const teamWorkshopStates = ['submitted', 'accepted', 'declined', 'scheduled'] as const;

/** GET /api/admin/team-workshop-applications (and its exports): live applications; search `q` over KiTa name and city. */
export const adminTeamWorkshopList = defineListContract({
  path: 'admin/team-workshop-applications',
  sortKeys: ['facility', 'city', 'region', 'season', 'state', 'participants', 'scheduledAt', 'createdAt'],
  defaults: { sort: 'createdAt', dir: 'desc', pageSize: 25 },
  filters: { seasonId: idFilter(), state: enumFilter(teamWorkshopStates), region: enumFilter(regions) },
});
