import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { messageResponseSchema, type EmailChangeRequest } from '../../../shared/contracts/accounts';

export const requestEmailChange = (body: EmailChangeRequest) => api.post('me/email', { json: body }).json().then(parseWith(messageResponseSchema));

export const useRequestEmailChangeMutation = () => useMutation({ mutationKey: ['me', 'email'], mutationFn: requestEmailChange });
