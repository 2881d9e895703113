import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { accountResponseSchema, type ConsentsUpdateRequest } from '../../../shared/contracts/accounts';

export const updateConsents = (body: ConsentsUpdateRequest) => api.put('me/consents', { json: body }).json().then(parseWith(accountResponseSchema));

export const useUpdateConsentsMutation = () => useMutation({ mutationKey: ['me', 'consents'], mutationFn: updateConsents });
