import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import type { RequestHandler } from 'msw';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createAppRouter, type AppRouter } from '../app/router';
import { loginStatusQueryOptions } from '../features/auth/api/get-login-status';
import { ACTIVE_FACILITY_KEY } from '../features/auth/auth-store';
import type { LoginStatusResponse, User } from '../shared/contracts/auth';
import { anonymous, loggedIn } from './factories/users';
import { adminDefaultHandlers } from './handlers/admin';
import { kitaDefaultHandlers } from './handlers/kitas';
import { sessionHandlers } from './handlers/session';
import { server } from './msw-server';

export type RenderRouteOptions = {
  /** the logged-in user (a factory from ./factories/users), or omit for an anonymous visitor */
  user?: User;
  /** full login-status answer, when `user` is not enough */
  status?: LoginStatusResponse;
  /** pre-set active KiTa in localStorage (as if chosen in an earlier visit) */
  activeFacilityId?: number;
  /** extra msw handlers for the page under test; they win over the session handlers */
  handlers?: RequestHandler[];
};

/**
 * Renders the real app (real route tree, guards, layout, Mantine theme) at `path` in an in-memory history, with
 * a QueryClient without retries and an msw fake of the session calls and quiet defaults for the KiTa and admin page reads. Waits until the first navigation settled.
 *
 *   const { router, user, session } = await renderRoute('/fortbildungen', { user: users.notEnrolled() });
 *   await user.click(screen.getByRole('button', { name: 'Zur Anmeldung!' }));
 *   expect(router.state.location.pathname).toBe('/kita-jahr-anmeldung');
 */
export async function renderRoute(path: string, options: RenderRouteOptions = {}) {
  // jsdom has no scrolling; the router's scroll restoration would log "Not implemented".
  window.scrollTo = () => {};
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (options.activeFacilityId !== undefined) window.localStorage.setItem(ACTIVE_FACILITY_KEY, String(options.activeFacilityId));

  const status = options.status ?? (options.user ? loggedIn(options.user) : anonymous());
  const { session, handlers } = sessionHandlers(status);
  server.use(...(options.handlers ?? []), ...handlers, ...kitaDefaultHandlers(), ...adminDefaultHandlers());

  const queryClient = createQueryClient({ retry: false });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ history, context: { queryClient } });
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  await waitForIdle(router);
  // the logged-in chrome (navigation, menu, dialogs) is a lazy chunk: wait until it is there, as a person would
  // (the first render of a test file transforms that chunk: seconds on a loaded runner; it ends as soon as it is there)
  if (status.loggedin) await screen.findByRole('navigation', { name: 'Hauptnavigation' }, { timeout: 30_000 });
  await laterPartsRendered();
  await sessionChromeRendered();
  return { ...view, router, queryClient, session, user: userEvent.setup(), auth: router.options.context.auth, guard: router.options.context.guard };
}

/**
 * Resolves when the parts a page renders after its first render (<RenderLater>, useShownLater) are all there, as
 * they are for a person who scrolls down: a test that reads a lower section at once failed on a loaded runner.
 */
export async function laterPartsRendered() {
  await waitFor(
    () => {
      if (document.querySelector('[data-render-later]')) throw new Error('a part of the page is still to come');
    },
    { timeout: 10_000 },
  );
}

/**
 * Resolves when the session's user menu has taken the place of its inert placeholder (app-layout asks for its chunk
 * after the first paint), as it has for a person a moment later: jsdom keeps inert elements in the accessibility tree,
 * and a test that clicked "Benutzermenü von …" at once clicked the placeholder when the chunk was not yet cached.
 */
export async function sessionChromeRendered() {
  await waitFor(
    () => {
      if (document.querySelector('header [inert]')) throw new Error('the user menu is still to come');
    },
    { timeout: 10_000 },
  );
}

/** Resolves when the router has finished loading (after redirects). */
export async function waitForIdle(router: AppRouter) {
  await waitFor(() => {
    if (router.state.status !== 'idle' || router.state.isLoading) throw new Error('router still loading');
  });
}

/** Resolves once the router shows `pathname`. */
export async function waitForPath(router: AppRouter, pathname: string) {
  await waitFor(() => {
    const current = router.state.location.pathname;
    if (current !== pathname) throw new Error(`expected path ${pathname}, router shows ${current}`);
  });
  await waitForIdle(router);
}

/** The login status the app holds in its cache (for tests of other features, which may not import features/auth). */
export const cachedLoginStatus = (queryClient: QueryClient) => queryClient.getQueryData(loginStatusQueryOptions().queryKey);
