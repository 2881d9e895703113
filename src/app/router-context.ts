import type { QueryClient } from '@tanstack/react-query';
import type { Access } from '../features/access/access-rules';
import type { GuardStore } from '../features/access/guard-store';
import type { AuthStore } from '../features/auth/auth-store';

/** What every route's beforeLoad and loader receives (CONVENTIONS: root route with context). */
export type RouterContext = {
  queryClient: QueryClient;
  auth: AuthStore;
  /** the guard dialogs' store, written by beforeLoad */
  guard: GuardStore;
};

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** seed §2/§6 requirement of the route; a route without it counts as 'login' */
    access?: Access;
    /**
     * 'planned': the page is a placeholder for an area that is not built yet; the navigation marks it
     * ("in Vorbereitung") and the page says what is planned and what to do meanwhile.
     */
    status?: 'planned';
  }
}
