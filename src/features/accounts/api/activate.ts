import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { messageResponseSchema, type ActivateRequest } from '../../../shared/contracts/accounts';

export const activate = (body: ActivateRequest) => api.post('auth/activate', { json: body }).json().then(parseWith(messageResponseSchema));

export const useActivateMutation = () => useMutation({ mutationKey: ['accounts', 'activate'], mutationFn: activate });
