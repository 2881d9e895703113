import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { messageResponseSchema } from '../../../shared/contracts/accounts';

export const forgotPassword = (body: { email: string }) =>
  api.post('auth/password/forgot', { json: body }).json().then(parseWith(messageResponseSchema));

export const useForgotPasswordMutation = () => useMutation({ mutationKey: ['accounts', 'forgot-password'], mutationFn: forgotPassword });
