import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endSessionsResponseSchema } from '../../../shared/contracts/accounts';
import { adminUsersKey } from './get-user';

/** POST /api/admin/users/{id}/sessions/end → German msg ("2 Sitzungen wurden beendet.") */
export async function endUserSessions(userId: number): Promise<string> {
  return endSessionsResponseSchema.parse(await api.post(`admin/users/${userId}/sessions/end`).json()).msg;
}

export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endUserSessions, onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }) });
}
