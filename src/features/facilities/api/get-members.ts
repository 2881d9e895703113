import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { memberListSchema, type Member } from '../../../shared/contracts/facilities';

/** GET /api/facilities/{id}/members: the accounts with access to the KiTa. */
export async function getMembers(facilityId: number): Promise<Member[]> {
  return api
    .get(`facilities/${facilityId}/members`)
    .json()
    .then(parseWith(memberListSchema))
    .then((list) => list.items);
}

export const membersQueryOptions = (facilityId: number) =>
  queryOptions({ queryKey: ['facilities', facilityId, 'members'], queryFn: () => getMembers(facilityId) });

export const useMembers = (facilityId: number) => useSuspenseQuery(membersQueryOptions(facilityId));
