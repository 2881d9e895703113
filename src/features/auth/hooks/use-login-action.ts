import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { isAlreadyNotified, reportError } from '../../../lib/api-client';
import type { LoginRequest, LoginResponse } from '../../../shared/contracts/auth';
import { isAuthenticated, LOGIN_NETWORK_ERROR, LOGIN_UNKNOWN_ERROR } from '../auth-machine';
import { setLoginStatus } from '../api/get-login-status';
import { useLoginMutation } from '../api/login';
import { useAuthStore } from './use-auth-state';

/**
 * seed §4 login: nothing when already logged in; on success the login-status cache is written and the router
 * re-runs its guards at once, then the user goes to the stored target (default '/').
 */
export function useLoginAction() {
  const auth = useAuthStore();
  const router = useRouter();
  const queryClient = useQueryClient();
  const mutation = useLoginMutation();
  const [needsTotp, setNeedsTotp] = useState(false);

  async function submit(credentials: LoginRequest) {
    if (isAuthenticated(auth.getState())) return;
    auth.dispatch({ type: 'LOGIN_REQUESTED' });
    let response: LoginResponse;
    try {
      response = await mutation.mutateAsync(credentials);
    } catch (error) {
      // Offline, 504 and 511 were already announced by the shared handler; anything else goes to it now.
      if (!isAlreadyNotified(error)) reportError(error, LOGIN_UNKNOWN_ERROR);
      auth.dispatch({ type: 'LOGIN_FAILED', msg: LOGIN_NETWORK_ERROR });
      return;
    }
    if (response.needs === 'totp') setNeedsTotp(true);
    const next = auth.dispatch({ type: 'LOGIN_SUCCEEDED', response });
    if (!isAuthenticated(next)) return;
    setLoginStatus(queryClient, { loggedin: true, user: next.user, curSeason: next.curSeason });
    await router.invalidate();
    await router.navigate({ href: auth.takeRedirectTarget(), replace: true });
  }

  return { submit, needsTotp, pending: mutation.isPending };
}
