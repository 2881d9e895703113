import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { logoutResponseSchema, type LogoutResponse } from '../../../shared/contracts/auth';

export async function logout(): Promise<LogoutResponse> {
  return logoutResponseSchema.parse(await api.delete('logout').json());
}

export const logoutMutationOptions = () => mutationOptions({ mutationKey: ['auth', 'logout'], mutationFn: logout });

export const useLogoutMutation = () => useMutation(logoutMutationOptions());
