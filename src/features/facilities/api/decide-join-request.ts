import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { joinRequestSchema, type JoinDecision, type JoinRequest } from '../../../shared/contracts/facilities';
import { joinRequestsQueryOptions } from './get-join-requests';
import { membersQueryOptions } from './get-members';

/** POST /api/facilities/{id}/join-requests/{requestId}/approve|decline; approving makes the user a member. */
export async function decideJoinRequest(facilityId: number, requestId: number, decision: JoinDecision): Promise<JoinRequest> {
  return api.post(`facilities/${facilityId}/join-requests/${requestId}/${decision}`).json().then(parseWith(joinRequestSchema));
}

export function useDecideJoinRequest(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, decision }: { requestId: number; decision: JoinDecision }) => decideJoinRequest(facilityId, requestId, decision),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: joinRequestsQueryOptions(facilityId).queryKey });
      await queryClient.invalidateQueries({ queryKey: membersQueryOptions(facilityId).queryKey });
    },
  });
}
