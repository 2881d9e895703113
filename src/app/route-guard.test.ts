import { describe, expect, it } from 'vitest';
import { createGuardStore } from '../features/access/guard-store';
import { createAuthStore } from '../features/auth/auth-store';
import { loggedIn, users } from '../testing/factories/users';
import { sessionHandlers } from '../testing/handlers/session';
import { server } from '../testing/msw-server';
import { createQueryClient } from './query-client';
import { loadSession } from './route-guard';

/** a logged-in member of one enrolled KiTa on the fake server, and a fresh router context */
function loggedInGuard() {
  const { session, handlers } = sessionHandlers(loggedIn(users.oneEnrolled()));
  server.use(...handlers);
  return { session, context: { queryClient: createQueryClient({ retry: false }), auth: createAuthStore(), guard: createGuardStore() } };
}

describe('loadSession', () => {
  it('runs one status check at a time: concurrent navigations share one request', async () => {
    const { session, context } = loggedInGuard();
    const [a, b] = await Promise.all([loadSession(context, false), loadSession(context, false)]);
    expect(session.statusCalls).toBe(1);
    expect(a.user?.id).toBe(3);
    expect(b).toBe(a);
    // cached for the staleTime: the next navigation asks nobody
    await loadSession(context, false);
    expect(session.statusCalls).toBe(1);
  });
});

describe('loadSession after the staleTime', () => {
  it('asks the server again and marks the check as running meanwhile', async () => {
    const { session, context } = loggedInGuard();
    await loadSession(context, false);
    expect(context.auth.getState().checkingStatus).toBe(false);

    const realNow = Date.now;
    Date.now = () => realNow() + 31_000;
    try {
      const pending = loadSession(context, false);
      expect(context.auth.getState().checkingStatus).toBe(true);
      await pending;
    } finally {
      Date.now = realNow;
    }
    expect(session.statusCalls).toBe(2);
    expect(context.auth.getState().checkingStatus).toBe(false);
  });
});

describe('loadSession when the page stays (new search or params)', () => {
  it('decides with the known status at once and refreshes a stale one in the background', async () => {
    const { session, context } = loggedInGuard();
    await loadSession(context, false);

    const realNow = Date.now;
    Date.now = () => realNow() + 31_000;
    try {
      // no await: the state comes back before the server has answered (a slow answer once replaced the page)
      const state = await Promise.race([loadSession(context, false, true), new Promise((resolve) => setTimeout(() => resolve('waited'), 0))]);
      expect(state).not.toBe('waited');
      expect((state as { user?: { id: number } }).user?.id).toBe(3);
      expect(context.auth.getState().checkingStatus).toBe(false);
      await expect.poll(() => session.statusCalls).toBe(2);
    } finally {
      Date.now = realNow;
    }
  });

  it('waits for the server when no status is known yet', async () => {
    const { session, context } = loggedInGuard();
    const state = await loadSession(context, false, true);
    expect(session.statusCalls).toBe(1);
    expect(state.user?.id).toBe(3);
  });
});
