import { createFileRoute } from '@tanstack/react-router';
import { guardNavigation, type GuardArgs } from '../src/app/route-guard';
import { NotFoundPage } from '../src/components/layout/not-found-page';
import { isAuthenticated } from '../src/features/auth/auth-machine';
import { AppLayout } from './-components/app-layout';
import { loadSessionNav } from './-components/session-chrome-chunk';

/**
 * The main layout every route sits in (seed §2) and the one guard for all of them: each page declares its
 * `staticData.access`; the guard reads the deepest match. The layout itself is 'public' so that a 404 inside it
 * shows for everyone.
 */
export const Route = createFileRoute('/_app')({
  staticData: { access: 'public' },
  // The cast keeps TypeScript from resolving `matches` (typed by this very route tree) while inferring this route.
  beforeLoad: async (options) => {
    await guardNavigation(options as unknown as GuardArgs);
    // someone is logged in: the navigation loads next to the page's chunk, not after it rendered (it never rejects:
    // a failed load is asked for again, session-chrome-chunk.ts)
    if (!options.preload && isAuthenticated(options.context.auth.getState())) void loadSessionNav();
  },
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});
