import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { recoveryCodesResponseSchema } from '../../../shared/contracts/accounts';

export const regenerateRecoveryCodes = (body: { password: string }) =>
  api.post('me/totp/recovery-codes', { json: body }).json().then(parseWith(recoveryCodesResponseSchema));

export const useRegenerateRecoveryCodesMutation = () =>
  useMutation({ mutationKey: ['me', 'totp', 'recovery-codes'], mutationFn: regenerateRecoveryCodes });
