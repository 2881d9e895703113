import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { isAlreadyNotified, reportError } from '../../../lib/api-client';
import type { LoginRequest, LoginResponse } from '../../../shared/contracts/auth';
import { isAuthenticated, LOGIN_NETWORK_ERROR, LOGIN_UNKNOWN_ERROR } from '../auth-machine';
import { setLoginStatus } from '../api/get-login-status';
import { useLoginMutation } from '../api/login';
import { useAuthStore } from './use-auth-state';

/** The second step the server asked for (issue 4): a code, or an admin's first set-up of the authenticator app. */
export type SecondFactor = {
  needs: 'totp' | 'totp-setup';
  msg: string;
  /** true when a code was sent and refused */
  wrong: boolean;
  setup?: { secret: string; otpauthUrl: string };
};

/**
 * seed §4 login: nothing when already logged in; on success the login-status cache is written and the user goes
 * to the stored target (default '/') in one navigation that runs the guards with the new session. With `needs` the form asks
 * for the second factor and sends again; fresh recovery codes are shown before the login completes.
 */
export function useLoginAction() {
  const auth = useAuthStore();
  const router = useRouter();
  const queryClient = useQueryClient();
  const mutation = useLoginMutation();
  const [factor, setFactor] = useState<SecondFactor | null>(null);
  const [recovery, setRecovery] = useState<{ codes: string[]; response: LoginResponse } | null>(null);

  async function complete(response: LoginResponse) {
    const next = auth.dispatch({ type: 'LOGIN_SUCCEEDED', response });
    if (!isAuthenticated(next)) return;
    setLoginStatus(queryClient, { loggedin: true, user: next.user, curSeason: next.curSeason });
    // One navigation, which runs the guards for the target with the new session. Re-running the guards of the
    // page still open first (router.invalidate) would start a second one: /login's guard sends a logged-in user
    // home, and whichever of the two finished last won, so a login sometimes ended on / instead of the target.
    await router.navigate({ href: auth.takeRedirectTarget(), replace: true });
  }

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
    if (!response.success && response.needs) {
      setFactor({ needs: response.needs, msg: response.msg, wrong: Boolean(credentials.totp), setup: response.totpSetup ?? factor?.setup });
      // the machine ends its "requesting" state; the form shows the step instead of a failure
      auth.dispatch({ type: 'LOGIN_FAILED', msg: response.msg });
      return;
    }
    if (!response.success) setFactor(null);
    if (response.success && response.recoveryCodes?.length) {
      setRecovery({ codes: response.recoveryCodes, response });
      return;
    }
    await complete(response);
  }

  /** After "Ich habe die Codes sicher gespeichert". */
  async function confirmRecoveryCodes() {
    if (!recovery) return;
    const { response } = recovery;
    setRecovery(null);
    setFactor(null);
    await complete(response);
  }

  return { submit, factor, needsTotp: factor !== null, recoveryCodes: recovery?.codes ?? null, confirmRecoveryCodes, pending: mutation.isPending };
}
