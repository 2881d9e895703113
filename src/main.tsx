import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { renderFirstPage } from './app/first-render';
import { createAppRouter } from './app/router';
import { loginStatusQueryOptions } from './features/auth/api/get-login-status';
import { publicConfigQueryOptions } from './features/config/api/get-public-config';
import { handleChunkLoadErrors } from './lib/chunk-load-errors';
import { makeZodJitless } from './lib/zod-jitless';

// before any route chunk builds a schema: no `Function('')` probe for our CSP to block
makeZodJitless();

const router = createAppRouter();
const { queryClient } = router.options.context;
// Asked now, while React renders for the first time: the layout's guard and the root loader take these answers
// (React Query shares a request in flight) instead of starting them once the router gets to them (ADR 0006).
void queryClient.prefetchQuery(loginStatusQueryOptions());
void queryClient.prefetchQuery(publicConfigQueryOptions());
// a chunk that failed to load: ask the server (the ping) whether we are offline or a new version is out
handleChunkLoadErrors(() => void queryClient.refetchQueries({ queryKey: ['auth', 'ping'] }, { cancelRefetch: false }));
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);
// the first page loaded before React renders, then rendered without one long task (first-render.ts)
void renderFirstPage({ load: () => router.load(), render: () => createRoot(root).render(app), waitMs: router.options.defaultPendingMs ?? 1000 });
