import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageResponseSchema } from '../../../shared/contracts/accounts';
import { adminUsersKey } from './get-user';

/** POST /api/admin/users/{id}/activation/resend → German msg */
export async function resendActivation(userId: number): Promise<string> {
  return messageResponseSchema.parse(await api.post(`admin/users/${userId}/activation/resend`).json()).msg;
}

export function useResendActivation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendActivation, onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }) });
}
