import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { LoginStatusResponse } from '../../../shared/contracts/auth';
import { setLoginStatus } from '../api/get-login-status';
import { useAuthStore } from './use-auth-state';

/**
 * For answers that change the session outside the login form (a password reset that logs in, consents that
 * shrink missingSettings): writes the login-status cache, applies it to the auth store and re-runs the guards,
 * so nothing waits for the next status check (CONVENTIONS habit 3).
 */
export function useApplySession() {
  const auth = useAuthStore();
  const router = useRouter();
  const queryClient = useQueryClient();
  return async (status: LoginStatusResponse) => {
    setLoginStatus(queryClient, status);
    auth.syncStatus(status);
    await router.invalidate();
  };
}
