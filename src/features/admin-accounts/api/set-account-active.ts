import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserSchema, type AdminUser } from '../../../shared/contracts/accounts';
import { adminUsersKey } from './get-user';

/** POST /api/admin/users/{id}/deactivate (ends its sessions) or /reactivate */
export async function setAccountActive({ userId, active }: { userId: number; active: boolean }): Promise<AdminUser> {
  return adminUserSchema.parse(await api.post(`admin/users/${userId}/${active ? 'reactivate' : 'deactivate'}`).json());
}

export function useSetAccountActive() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAccountActive, onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }) });
}
