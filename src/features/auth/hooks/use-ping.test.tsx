import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anonymous, users } from '../../../testing/factories/users';
import { renderRoute, waitForPath } from '../../../testing/render';
import { PING_INTERVAL_MS, WINDOW_ID_KEY, pingQueryOptions } from '../api/ping';

afterEach(() => {
  vi.useRealTimers();
});

describe('ping (seed §1/§7/§9)', () => {
  it('fires on mount with the window id and again after 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { session } = await renderRoute('/', { user: users.oneEnrolled() });
    await waitFor(() => expect(session.pings.length).toBeGreaterThanOrEqual(1));
    const windowId = window.sessionStorage.getItem(WINDOW_ID_KEY);
    expect(windowId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.pings[0]).toEqual({ windowId });

    const before = session.pings.length;
    await act(() => vi.advanceTimersByTimeAsync(PING_INTERVAL_MS));
    await waitFor(() => expect(session.pings.length).toBe(before + 1));
    expect(session.pings.at(-1)).toEqual({ windowId });
  });

  it('fires exactly once when the root view appears', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { session } = await renderRoute('/', { user: users.oneEnrolled() });
    await waitFor(() => expect(session.pings.length).toBeGreaterThanOrEqual(1));
    // half an interval later (fake time, no real wait) there is still only the first ping
    await act(() => vi.advanceTimersByTimeAsync(PING_INTERVAL_MS / 2));
    expect(session.pings).toHaveLength(1);
  });

  it('fires before every navigation', async () => {
    const { session, router } = await renderRoute('/', { user: users.oneEnrolled() });
    await waitFor(() => expect(session.pings.length).toBeGreaterThanOrEqual(1));
    const before = session.pings.length;
    await act(() => router.navigate({ to: '/personal' }));
    await waitFor(() => expect(session.pings.length).toBe(before + 1));
  });

  it('fires before a navigation also while the first ping is still unanswered (a slow server)', async () => {
    let answerFirst = () => {};
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    let sent = 0;
    const { router } = await renderRoute('/', {
      user: users.oneEnrolled(),
      handlers: [
        http.post('*/api/ping', async () => {
          sent += 1;
          if (sent === 1) await firstAnswered;
          return HttpResponse.json({ loggedin: true, version: 'test' });
        }),
      ],
    });
    try {
      await waitFor(() => expect(sent).toBe(1));
      await act(() => router.navigate({ to: '/personal' }));
      await waitFor(() => expect(sent).toBe(2));
    } finally {
      answerFirst();
    }
  });

  it('a lost session sends the user to /login with a notice and keeps the page as target', async () => {
    const { session, router, queryClient } = await renderRoute('/personal', { user: users.oneEnrolled() });
    session.status = anonymous();
    await act(() => queryClient.refetchQueries({ queryKey: pingQueryOptions(window.sessionStorage.getItem(WINDOW_ID_KEY) ?? '').queryKey }));
    await waitForPath(router, '/login');
    expect(await screen.findByText('Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.')).toBeInTheDocument();
    expect(router.options.context.auth.takeRedirectTarget()).toBe('/personal');
  });

  it('a new server version offers to reload', async () => {
    const meta = Object.assign(document.createElement('meta'), { name: 'kita-portal-version', content: 'old-build' });
    document.head.append(meta);
    try {
      const { session } = await renderRoute('/', { user: users.oneEnrolled() });
      await waitFor(() => expect(session.pings.length).toBeGreaterThanOrEqual(1));
      expect(await screen.findByText('Es gibt eine neue Version des Portals.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Neu laden' })).toBeInTheDocument();
    } finally {
      meta.remove();
    }
  });

  it('a failing ping goes to the shared error handler', async () => {
    await renderRoute('/', {
      user: users.oneEnrolled(),
      handlers: [http.post('*/api/ping', () => HttpResponse.json({ reason: { message: 'Kaputt.', code: 'internal_error' } }, { status: 500 }))],
    });
    expect(await screen.findByText('Da ging etwas schief.')).toBeInTheDocument();
    expect(screen.getByText('Kaputt.')).toBeInTheDocument();
  });
});
