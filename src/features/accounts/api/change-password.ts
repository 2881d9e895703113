import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { messageResponseSchema, type PasswordChangeRequest } from '../../../shared/contracts/accounts';

export const changePassword = (body: PasswordChangeRequest) => api.post('me/password', { json: body }).json().then(parseWith(messageResponseSchema));

export const useChangePasswordMutation = () => useMutation({ mutationKey: ['me', 'password'], mutationFn: changePassword });
