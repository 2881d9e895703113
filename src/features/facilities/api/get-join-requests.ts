import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { joinRequestListSchema, type JoinRequest } from '../../../shared/contracts/facilities';

/** GET /api/facilities/{id}/join-requests: who asked to join the KiTa. */
export async function getJoinRequests(facilityId: number): Promise<JoinRequest[]> {
  return api
    .get(`facilities/${facilityId}/join-requests`)
    .json()
    .then(parseWith(joinRequestListSchema))
    .then((list) => list.items);
}

export const joinRequestsQueryOptions = (facilityId: number) =>
  queryOptions({ queryKey: ['facilities', facilityId, 'join-requests'], queryFn: () => getJoinRequests(facilityId) });

export const useJoinRequests = (facilityId: number) => useSuspenseQuery(joinRequestsQueryOptions(facilityId));
