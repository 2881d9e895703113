import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { handleChunkLoadErrors } from './lib/chunk-load-errors';

const router = createAppRouter();
const { queryClient } = router.options.context;
// a chunk that failed to load: ask the server (the ping) whether we are offline or a new version is out
handleChunkLoadErrors(() => void queryClient.refetchQueries({ queryKey: ['auth', 'ping'] }, { cancelRefetch: false }));
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
