import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { reportError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { isRequestingLogout } from '../auth-machine';
import { setLoginStatus } from '../api/get-login-status';
import { useLogoutMutation } from '../api/logout';
import { useAuthStore } from './use-auth-state';

const LOGOUT_FAILED = 'Die Abmeldung hat nicht geklappt.';

/** seed §4 logout: only when logged in; on success user, season and the active KiTa are gone, then /login. */
export function useLogoutAction() {
  const auth = useAuthStore();
  const router = useRouter();
  const queryClient = useQueryClient();
  const mutation = useLogoutMutation();

  async function logout() {
    const state = auth.dispatch({ type: 'LOGOUT_REQUESTED' });
    if (!isRequestingLogout(state)) return;
    try {
      const response = await mutation.mutateAsync();
      if (!response.success) {
        auth.dispatch({ type: 'LOGOUT_FAILED', msg: response.msg || LOGOUT_FAILED });
        notify({ message: response.msg || LOGOUT_FAILED, color: 'red' });
        return;
      }
      auth.dispatch({ type: 'LOGOUT_SUCCEEDED' });
      setLoginStatus(queryClient, { loggedin: false, user: null, curSeason: null });
      // Data of the last user must not linger on a shared office PC; queries still on screen refetch or unmount.
      queryClient.removeQueries({ type: 'inactive' });
      // to /login first: re-running the guards of the page still open would send it there as an anonymous visit
      // and keep that page as the target of the next login (another person's, on a shared office PC)
      await router.navigate({ to: '/login', replace: true });
      await router.invalidate();
      // an explicit logout starts afresh: whoever logs in next lands on the home page
      auth.takeRedirectTarget();
      notify({ message: response.msg });
    } catch (error) {
      auth.dispatch({ type: 'LOGOUT_FAILED', msg: LOGOUT_FAILED });
      reportError(error, LOGOUT_FAILED);
    }
  }

  return { logout, pending: mutation.isPending };
}
