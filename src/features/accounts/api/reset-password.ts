import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { passwordResetResponseSchema, type PasswordResetRequest } from '../../../shared/contracts/accounts';

export const resetPassword = (body: PasswordResetRequest) =>
  api.post('auth/password/reset', { json: body }).json().then(parseWith(passwordResetResponseSchema));

export const useResetPasswordMutation = () => useMutation({ mutationKey: ['accounts', 'reset-password'], mutationFn: resetPassword });
