import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { seasonEnrolmentStatusSchema, type SeasonEnrolmentStatus } from '../../../shared/contracts/season-enrolment';

/** GET /api/facilities/{id}/season-enrolment: current season, live enrolment, whether it may change now and why not. */
export async function getSeasonEnrolment(facilityId: number): Promise<SeasonEnrolmentStatus> {
  return api.get(`facilities/${facilityId}/season-enrolment`).json().then(parseWith(seasonEnrolmentStatusSchema));
}

export const seasonEnrolmentQueryOptions = (facilityId: number) =>
  queryOptions({ queryKey: ['facilities', facilityId, 'season-enrolment'], queryFn: () => getSeasonEnrolment(facilityId) });

export const useSeasonEnrolment = (facilityId: number) => useSuspenseQuery(seasonEnrolmentQueryOptions(facilityId));
