import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersQueryOptions } from './get-members';

/** DELETE /api/facilities/{id}/members/{userId}: the account loses its access to the KiTa. */
export async function removeMember(facilityId: number, userId: number): Promise<void> {
  await api.delete(`facilities/${facilityId}/members/${userId}`, { retry: 0 });
}

export function useRemoveMember(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeMember(facilityId, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions(facilityId).queryKey }),
  });
}
