import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { accountResponseSchema, type ProfileUpdateRequest } from '../../../shared/contracts/accounts';

export const updateProfile = (body: ProfileUpdateRequest) => api.patch('me/profile', { json: body }).json().then(parseWith(accountResponseSchema));

export const useUpdateProfileMutation = () => useMutation({ mutationKey: ['me', 'profile'], mutationFn: updateProfile });
