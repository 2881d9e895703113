import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserSchema, type AdminUser } from '../../../shared/contracts/accounts';
import { adminUserQueryOptions, adminUsersKey } from './get-user';

/** PUT /api/admin/users/{id}/jury (issue 12): jury members review the documentation forms without administering */
export async function setJury({ userId, isJury }: { userId: number; isJury: boolean }): Promise<AdminUser> {
  return adminUserSchema.parse(await api.put(`admin/users/${userId}/jury`, { json: { isJury } }).json());
}

export function useSetJury() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setJury,
    // the switch shows the answer at once, not after the refetch
    onSuccess: (user) => queryClient.setQueryData(adminUserQueryOptions(user.id).queryKey, user),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
