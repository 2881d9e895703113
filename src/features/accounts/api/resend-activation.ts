import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { messageResponseSchema } from '../../../shared/contracts/accounts';

export const resendActivation = (body: { email: string }) =>
  api.post('auth/activation/resend', { json: body }).json().then(parseWith(messageResponseSchema));

export const useResendActivationMutation = () => useMutation({ mutationKey: ['accounts', 'resend-activation'], mutationFn: resendActivation });
