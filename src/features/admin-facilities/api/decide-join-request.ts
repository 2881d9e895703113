import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { joinRequestSchema, type JoinDecision, type JoinRequest } from '../../../shared/contracts/facilities';
import { adminFacilitiesKey } from './list-facilities';

/**
 * POST /api/facilities/{id}/join-requests/{requestId}/approve|decline as an admin: the members' endpoint (the
 * facilities feature calls it too); this side refreshes the admin queries instead, since features don't share code.
 */
export async function decideJoinRequestAsAdmin(facilityId: number, requestId: number, decision: JoinDecision): Promise<JoinRequest> {
  return api.post(`facilities/${facilityId}/join-requests/${requestId}/${decision}`).json().then(parseWith(joinRequestSchema));
}

export function useDecideJoinRequestAsAdmin(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, decision }: { requestId: number; decision: JoinDecision }) => decideJoinRequestAsAdmin(facilityId, requestId, decision),
    // the KiTa's detail (members, requests), the list's account counts and the open requests of all KiTas
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFacilitiesKey }),
  });
}
