import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { recoveryCodesResponseSchema } from '../../../shared/contracts/accounts';

export const enableTotp = (body: { code: string }) => api.post('me/totp/enable', { json: body }).json().then(parseWith(recoveryCodesResponseSchema));

export const useEnableTotpMutation = () => useMutation({ mutationKey: ['me', 'totp', 'enable'], mutationFn: enableTotp });
