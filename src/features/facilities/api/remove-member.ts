import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersQueryOptions } from './get-members';

/**
 * DELETE /api/facilities/{id}/members/{userId}: the account loses its access to the KiTa. The last member is removed
 * only with `confirmLastMember` (else 409 last_member).
 */
export async function removeMember(facilityId: number, userId: number, confirmLastMember = false): Promise<void> {
  await api.delete(`facilities/${facilityId}/members/${userId}`, {
    retry: 0,
    ...(confirmLastMember ? { searchParams: { confirmLastMember: 'true' } } : {}),
  });
}

export function useRemoveMember(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, confirmLastMember = false }: { userId: number; confirmLastMember?: boolean }) =>
      removeMember(facilityId, userId, confirmLastMember),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions(facilityId).queryKey }),
  });
}
