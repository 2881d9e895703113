import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { LoginStatusResponse } from '../../../shared/contracts/auth';
import { loginStatusQueryOptions, setLoginStatus } from '../api/get-login-status';
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

/** The server changed the account (e.g. a confirmed e-mail address): ask for the login status again. */
export function useRefreshSession() {
  const router = useRouter();
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: loginStatusQueryOptions().queryKey });
    await router.invalidate();
  };
}
