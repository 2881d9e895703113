import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { totpSetupSchema } from '../../../shared/contracts/accounts';

/** Offers a secret to scan; nothing changes until enableTotp confirms it with a code. */
export const setupTotp = () => api.post('me/totp/setup').json().then(parseWith(totpSetupSchema));

export const useSetupTotpMutation = () => useMutation({ mutationKey: ['me', 'totp', 'setup'], mutationFn: setupTotp });
