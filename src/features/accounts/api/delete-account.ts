import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { messageResponseSchema, type AccountDeleteRequest } from '../../../shared/contracts/accounts';

export const deleteAccount = (body: AccountDeleteRequest) => api.post('me/delete', { json: body }).json().then(parseWith(messageResponseSchema));

export const useDeleteAccountMutation = () => useMutation({ mutationKey: ['me', 'delete'], mutationFn: deleteAccount });
