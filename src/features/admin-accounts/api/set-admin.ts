import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserSchema, type AdminUser } from '../../../shared/contracts/accounts';
import { adminUsersKey } from './get-user';

/** PUT /api/admin/users/{id}/admin; the server refuses to remove the last admin (409) */
export async function setAdmin({ userId, isAdmin }: { userId: number; isAdmin: boolean }): Promise<AdminUser> {
  return adminUserSchema.parse(await api.put(`admin/users/${userId}/admin`, { json: { isAdmin } }).json());
}

export function useSetAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAdmin, onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }) });
}
