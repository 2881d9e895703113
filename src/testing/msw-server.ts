import { setupServer } from 'msw/node';

/**
 * The one msw server for client tests. It starts without handlers on purpose: each test declares the
 * answers it relies on with `server.use(...)`, so a forgotten call fails loudly (onUnhandledRequest 'error').
 */
export const server = setupServer();
