import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { decideAccess, HOME_PATH, type Access } from '../features/access/access-rules';
import { LOGIN_STATUS_STALE_MS, loginStatusQueryOptions } from '../features/auth/api/get-login-status';
import { reportError } from '../lib/api-client';
import type { AuthState } from '../features/auth/auth-machine';
import type { RouterContext } from './router-context';

export type GuardArgs = {
  context: RouterContext;
  location: ParsedLocation;
  /** `cause` 'stay': the same page as before, with new search or params (TanStack Router's match cause) */
  matches: ReadonlyArray<{ staticData?: { access?: Access }; cause?: 'enter' | 'stay' | 'preload' }>;
  preload: boolean;
};

const STATUS_FAILED = 'Dein Anmeldestatus konnte nicht geprüft werden.';

/**
 * Makes sure the login status is known and at most 30 s old (loginStatusQueryOptions' staleTime), applies it to
 * the auth store and re-reads the active KiTa from localStorage (seed §4: restored on each navigation).
 * React Query shares one in-flight request per key; the machine marks the running check (seed §4: one at a time).
 *
 * When the page stays (`pageStays`: a list's search box, filter, sort or page, the KiTa-Jahr switch) and a status is
 * known, the guard decides with it and refreshes a stale one in the background: waiting for the server there, a slow
 * answer (over the router's `pendingMs`, 1 s) replaced the page by the loading page and took the focus from the field
 * in use (found in CI under load). The page was allowed a moment ago; a session lost meanwhile is found by the ping,
 * which runs before every navigation and sends the person to /login, and the next page entered applies the new status.
 */
export async function loadSession({ queryClient, auth }: RouterContext, preload: boolean, pageStays = false): Promise<AuthState> {
  const options = loginStatusQueryOptions();
  const known = queryClient.getQueryData(options.queryKey);
  const cached = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  const stale = !known || !cached || cached.isStaleByTime(LOGIN_STATUS_STALE_MS);
  if (pageStays && known) {
    if (stale) void queryClient.prefetchQuery(options);
    auth.syncStatus(known);
    return auth.restoreFacility();
  }
  if (stale) auth.dispatch({ type: 'STATUS_CHECK_STARTED' });
  try {
    auth.syncStatus(await queryClient.fetchQuery(options));
  } catch (error) {
    // Keep what we knew; the shared handler tells the user (not for hover preloads).
    auth.dispatch({ type: 'STATUS_CHECK_FAILED' });
    if (!preload) reportError(error, STATUS_FAILED);
  }
  return auth.restoreFacility();
}

/**
 * The one guard of the layout route (seed §6/§8). It reads the deepest match's `staticData.access`, so every page
 * declares what it needs next to its path. Preloads (hovering a link) never open dialogs or store targets.
 */
export async function guardNavigation({ context, location, matches, preload }: GuardArgs): Promise<void> {
  const state = await loadSession(context, preload, !preload && matches.at(-1)?.cause === 'stay');
  // A dialog left open when the session ended (logout, expiry) must not greet the next person who logs in.
  if (!state.user && !preload) context.guard.closeDialog();
  const access = matches.at(-1)?.staticData?.access ?? 'login';
  const decision = decideAccess({
    access,
    pathname: location.pathname,
    user: state.user,
    curSeason: state.curSeason,
    activeFacilityId: state.activeFacilityId,
  });

  switch (decision.kind) {
    case 'allow':
      if (decision.dialog && !preload) context.guard.openDialog(decision.dialog);
      return;
    case 'login':
      if (!preload) context.auth.setRedirectTarget(location.href);
      throw redirect({ to: '/login', replace: true });
    case 'home':
      throw redirect({ to: HOME_PATH, replace: true });
    case 'cancel': {
      if (preload) throw redirect({ to: HOME_PATH });
      context.guard.openDialog(decision.dialog);
      // Stay on the page the user came from; on a first load (or if that page is the target) go home.
      const previous = context.guard.getPreviousHref();
      const back = previous && previous !== location.href ? previous : HOME_PATH;
      throw redirect({ href: back, replace: true });
    }
  }
}
