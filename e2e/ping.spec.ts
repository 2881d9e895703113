import type { Page } from '@playwright/test';
import { demoAccounts, expect, expectAccessible, loginViaApi, loginViaForm, test } from './fixtures';

// seed §1/§7 ping and SPEC §3: POST /api/ping with the per-window id — on load, before each navigation, every
// 60 s (Playwright's clock) — and the reaction to a lost session.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Counts the POST /api/ping requests the page sends and records their window ids. ky builds a Request whose body
 * Playwright's request events don't expose, so the ids are read where the page constructs it.
 */
async function recordPings(page: Page) {
  await page.addInitScript(() => {
    const ids: string[] = [];
    (window as unknown as { __pingIds: string[] }).__pingIds = ids;
    const Original = window.Request;
    window.Request = class extends Original {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(input, init);
        if (this.method === 'POST' && new URL(this.url).pathname === '/api/ping' && typeof init?.body === 'string') {
          ids.push((JSON.parse(init.body) as { windowId: string }).windowId);
        }
      }
    };
  });
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/ping') count += 1;
  });
  return {
    count: () => count,
    windowIds: () => page.evaluate(() => (window as unknown as { __pingIds: string[] }).__pingIds),
  };
}

/**
 * Resolves when no ping is in flight. React Query restarts the 60 s interval whenever the ping query updates, so
 * the clock may only jump once the last answer has been applied.
 */
function pingSettled(page: Page) {
  return page.waitForFunction(() => {
    type QueryClient = { isFetching(filters: { queryKey: string[] }): number };
    const router = (window as unknown as { __TSR_ROUTER__?: { options: { context: { queryClient: QueryClient } } } }).__TSR_ROUTER__;
    return router?.options.context.queryClient.isFetching({ queryKey: ['auth', 'ping'] }) === 0;
  });
}

test('the ping: on load, before each navigation and every 60 s, always with the same window id', async ({ page }) => {
  await loginViaApi(page, demoAccounts.eineKita);
  await page.clock.install();
  const pings = await recordPings(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
  await expect.poll(pings.count).toBe(1);
  expect((await pings.windowIds())[0]).toMatch(UUID);

  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await nav.getByRole('link', { name: 'Stammdaten' }).click();
  await expect(page).toHaveURL(/\/stammdaten$/);
  await expect.poll(pings.count).toBe(2);
  await nav.getByRole('link', { name: 'Personal' }).click();
  await expect(page).toHaveURL(/\/personal$/);
  await expect.poll(pings.count).toBe(3);

  await pingSettled(page);
  await page.clock.fastForward('01:00');
  await expect.poll(pings.count).toBe(4);
  await pingSettled(page);
  await page.clock.fastForward('01:00');
  await expect.poll(pings.count).toBe(5);
  const ids = await pings.windowIds();
  expect(ids.length).toBeGreaterThanOrEqual(5);
  expect(new Set(ids)).toEqual(new Set([ids[0]]));
});

test('a lost session: the next ping sends the user to /login and the login returns to the page', async ({ page }) => {
  await loginViaApi(page, demoAccounts.eineKita);
  await page.clock.install();
  await page.goto('/personal');
  await expect(page.getByRole('heading', { level: 1, name: 'Personal' })).toBeVisible();
  await pingSettled(page);

  // the session ends elsewhere (another tab logs out): the same cookie, DELETE /api/logout
  const origin = new URL(page.url()).origin;
  const logout = await page.request.delete('/api/logout', { headers: { origin } });
  expect(logout.ok()).toBeTruthy();

  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Benutzermenü/ })).toHaveCount(0);
  await expectAccessible(page, '/login after the session expired');
  await loginViaForm(page, demoAccounts.eineKita);
  await expect(page).toHaveURL(/\/personal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal' })).toBeVisible();
});
