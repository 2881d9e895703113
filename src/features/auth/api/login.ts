import { mutationOptions, useMutation } from '@tanstack/react-query';
import { HTTPError } from 'ky';
import { api, getErrorBody } from '../../../lib/api-client';
import type { LoginRequest, LoginResponse } from '../../../shared/contracts/auth';
import { loadAuthContract } from '../auth-contract';

/**
 * 401 (wrong credentials), 403 (inactive account) and 429 (throttled) carry the seed's login shape with a German
 * msg (docs/foundation-plan.md); the form shows it instead of treating the answer as an error.
 */
const ANSWERS_WITH_LOGIN_BODY = [401, 403, 429];

export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  try {
    const [{ loginResponseSchema }, body] = await Promise.all([loadAuthContract(), api.post('login', { json: credentials }).json()]);
    return loginResponseSchema.parse(body);
  } catch (error) {
    if (error instanceof HTTPError && ANSWERS_WITH_LOGIN_BODY.includes(error.response.status)) {
      const { loginResponseSchema } = await loadAuthContract();
      const parsed = loginResponseSchema.safeParse(getErrorBody(error));
      if (parsed.success) return parsed.data;
    }
    throw error;
  }
}

export const loginMutationOptions = () => mutationOptions({ mutationKey: ['auth', 'login'], mutationFn: login });

export const useLoginMutation = () => useMutation(loginMutationOptions());
