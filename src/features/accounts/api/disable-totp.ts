import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { totpStatusResponseSchema } from '../../../shared/contracts/accounts';

export const disableTotp = (body: { password: string }) =>
  api.post('me/totp/disable', { json: body }).json().then(parseWith(totpStatusResponseSchema));

export const useDisableTotpMutation = () => useMutation({ mutationKey: ['me', 'totp', 'disable'], mutationFn: disableTotp });
