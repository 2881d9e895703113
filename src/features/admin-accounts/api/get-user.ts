import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserSchema, type AdminUser } from '../../../shared/contracts/accounts';

export async function getAdminUser(userId: number): Promise<AdminUser> {
  return adminUserSchema.parse(await api.get(`admin/users/${userId}`).json());
}

/** Every admin account query starts with this; each account action refreshes them. */
export const adminUsersKey = ['admin', 'users'] as const;

export const adminUserQueryOptions = (userId: number) => queryOptions({ queryKey: [...adminUsersKey, userId], queryFn: () => getAdminUser(userId) });

/** null = the person has no account yet: nothing to load */
export const useAdminUser = (userId: number | null) => useQuery({ ...adminUserQueryOptions(userId ?? 0), enabled: userId !== null });
