import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { reportError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { isAuthenticated } from '../auth-machine';
import { loginStatusQueryOptions, setLoginStatus } from '../api/get-login-status';
import { getWindowId, pingQueryOptions, usePingQuery } from '../api/ping';
import { NewVersionNotice } from '../components/new-version-notice';
import { useAuthStore } from './use-auth-state';

export const SESSION_EXPIRED_MESSAGE = 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.';
const PING_FAILED = 'Die Verbindung zum Portal konnte nicht geprüft werden.';
const NEW_VERSION_ID = 'new-portal-version';

/** the build this window runs: index.html's version (vite.config.ts); none in dev and tests */
const clientVersion = () => document.querySelector<HTMLMetaElement>('meta[name="kita-portal-version"]')?.content;

/**
 * True once the view has been drawn: the browser is idle after its first frame (at most a second later, so a window
 * opened in a background tab, where frames wait, pings too).
 */
function useAppeared() {
  const [appeared, setAppeared] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setAppeared(true), 0);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(() => setAppeared(true), { timeout: 1000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
  return appeared;
}

/**
 * seed §1/§7 keep-alive: once when the root view appears, before every navigation and every 60 s while mounted.
 * Reacts to a lost session (back to /login, the current page kept as target) and to a new deployment.
 */
export function usePing() {
  const [windowId] = useState(getWindowId);
  const appeared = useAppeared();
  const { data, error, errorUpdatedAt, dataUpdatedAt, refetch } = usePingQuery(windowId, appeared);
  const router = useRouter();
  const auth = useAuthStore();
  const queryClient = useQueryClient();
  const versionNoticeShown = useRef(false);

  // every navigation sends one: a ping still in flight is superseded, the first one too (refetch alone cancels only
  // a query that has data, and would join the unanswered first ping: no request for that navigation)
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', () => {
        void queryClient.cancelQueries({ queryKey: pingQueryOptions(windowId).queryKey }).then(() => refetch());
      }),
    [router, refetch, queryClient, windowId],
  );

  useEffect(() => {
    if (error) reportError(error, PING_FAILED);
  }, [error, errorUpdatedAt]);

  useEffect(() => {
    if (!data) return;
    const version = clientVersion();
    if (version && data.version !== version && !versionNoticeShown.current) {
      versionNoticeShown.current = true;
      notify({ id: NEW_VERSION_ID, message: <NewVersionNotice />, color: 'blue', autoClose: false });
    }
    if (data.loggedin || !isAuthenticated(auth.getState())) return;
    // A ping sent just before a login may answer "not logged in" after it: ask the login status before acting.
    void queryClient
      .fetchQuery({ ...loginStatusQueryOptions(), staleTime: 0 })
      .then(async (status) => {
        if (status.loggedin || !isAuthenticated(auth.getState())) return;
        auth.dispatch({ type: 'SESSION_EXPIRED' });
        setLoginStatus(queryClient, status);
        auth.setRedirectTarget(router.state.location.href);
        await router.invalidate();
        await router.navigate({ to: '/login', replace: true });
        notify({ message: SESSION_EXPIRED_MESSAGE, color: 'yellow', autoClose: false });
      })
      .catch((statusError: unknown) => reportError(statusError, PING_FAILED));
  }, [data, dataUpdatedAt, auth, queryClient, router]);
}
