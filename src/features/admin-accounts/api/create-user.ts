import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserSchema, type AdminCreateUserRequest, type AdminUser } from '../../../shared/contracts/accounts';
import { adminUsersKey } from './get-user';

/** POST /api/admin/users: an account for a person; the invitation mail lets them set a password. */
export async function createAdminUser(input: AdminCreateUserRequest): Promise<AdminUser> {
  return adminUserSchema.parse(await api.post('admin/users', { json: input }).json());
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAdminUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }) });
}
