import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { createGuardStore } from '../features/access/guard-store';
import { createAuthStore } from '../features/auth/auth-store';
import { routeTree } from '../routeTree.gen';
import { ErrorPage } from '../components/layout/error-page';
import { NotFoundPage } from '../components/layout/not-found-page';
import { PageLoader } from '../components/layout/page-loader';
import { createQueryClient } from './query-client';
import type { RouterContext } from './router-context';
import { recheckSessionOnForbidden } from './session-recheck';

type Options = { history?: RouterHistory; context?: Partial<RouterContext> };

/** Used by main.tsx and by the test render helper, so tests run the real route tree with the real guards. */
export function createAppRouter({ history, context }: Options = {}) {
  const fullContext: RouterContext = {
    queryClient: context?.queryClient ?? createQueryClient(),
    auth: context?.auth ?? createAuthStore(),
    guard: context?.guard ?? createGuardStore(),
  };
  const router = createRouter({
    routeTree,
    history,
    context: fullContext,
    defaultPreload: 'intent',
    // Guards and loaders read react-query's cache, which has its own staleness rules.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
    defaultPendingComponent: PageLoader,
    scrollRestoration: true,
  });
  // A cancelled navigation (guard dialogs 1/2) goes back to the page that was shown last.
  router.subscribe('onResolved', ({ toLocation }) => fullContext.guard.setPreviousHref(toLocation.href));
  recheckSessionOnForbidden(fullContext.queryClient, () => router.invalidate());
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
