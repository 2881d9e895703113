import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { joinRequestListSchema, type JoinRequest } from '../../../shared/contracts/facilities';
import { adminFacilitiesKey } from './list-facilities';

/** GET /api/admin/join-requests: the open requests to join any KiTa, newest first. */
export async function listPendingJoinRequests(): Promise<JoinRequest[]> {
  return api
    .get('admin/join-requests')
    .json()
    .then(parseWith(joinRequestListSchema))
    .then((list) => list.items);
}

export const pendingJoinRequestsQueryOptions = () =>
  queryOptions({ queryKey: [...adminFacilitiesKey, 'join-requests'], queryFn: listPendingJoinRequests });

/** Not suspending: the KiTa list must not wait for (or fail with) this side block. */
export const usePendingJoinRequests = () => useQuery(pendingJoinRequestsQueryOptions());
