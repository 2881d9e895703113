import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { messageResponseSchema, type RegisterRequest } from '../../../shared/contracts/accounts';

/** 202 with the same answer for a new and an existing address (SPEC §4). */
export const register = (body: RegisterRequest) => api.post('auth/register', { json: body }).json().then(parseWith(messageResponseSchema));

export const useRegisterMutation = () => useMutation({ mutationKey: ['accounts', 'register'], mutationFn: register });
