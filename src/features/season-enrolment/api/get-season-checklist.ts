import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { seasonChecklistSchema, type SeasonChecklist } from '../../../shared/contracts/season-enrolment';

/** GET /api/facilities/{id}/season-checklist: the steps of the current season for the home page. */
export async function getSeasonChecklist(facilityId: number): Promise<SeasonChecklist> {
  return api.get(`facilities/${facilityId}/season-checklist`).json().then(parseWith(seasonChecklistSchema));
}

export const seasonChecklistQueryOptions = (facilityId: number) =>
  queryOptions({ queryKey: ['facilities', facilityId, 'season-checklist'], queryFn: () => getSeasonChecklist(facilityId) });

export const useSeasonChecklist = (facilityId: number) => useSuspenseQuery(seasonChecklistQueryOptions(facilityId));
