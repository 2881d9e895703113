import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { messageResponseSchema } from '../../../shared/contracts/accounts';

export const confirmEmailChange = (body: { token: string }) =>
  api.post('auth/email-change/confirm', { json: body }).json().then(parseWith(messageResponseSchema));

export const useConfirmEmailChangeMutation = () => useMutation({ mutationKey: ['accounts', 'confirm-email-change'], mutationFn: confirmEmailChange });
