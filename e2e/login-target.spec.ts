import { allowTime, expect, loginViaForm, test } from './fixtures';

/*
 * Issue 10: after a login the user sometimes landed on / instead of the stored target. The login re-ran the
 * guards of /login (whose guard sends a logged-in user home) and then navigated to the target: two navigations
 * raced, mostly on a slow machine. Now the login is one navigation. With the CPU slowed down 4×, every login of
 * several in a row must end on the target, and each must write the history once, with the target: a second
 * navigation shows there whichever of the two wins the race, so a few rounds find it (15 rounds did before the
 * history was recorded).
 */
const ROUNDS = 5;

/** what the init script below keeps in the page: the path of every history entry written since the last reset */
type HistoryLog = { __historyWrites: string[] };

test(`a login lands on the stored target every time (${ROUNDS} logins, CPU throttled)`, async ({ page }) => {
  allowTime(300_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const target = '/verwaltung/personen';
  // every entry the page writes into the history (the router's navigations), from the login form's submit on
  await page.addInitScript(() => {
    const w = window as unknown as HistoryLog;
    w.__historyWrites = [];
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url != null) w.__historyWrites.push(new URL(url, location.href).pathname);
        original(data, unused, url);
      };
    }
  });
  const landed: string[] = [];
  const written: string[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // anonymous deep link: the guard stores the target and shows the login form
    await page.goto(target);
    await expect(page).toHaveURL(/\/login$/);
    await page.evaluate(() => ((window as unknown as HistoryLog).__historyWrites = []));
    await loginViaForm(page, 'admin@demo.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Personen' })).toBeVisible({ timeout: 45_000 });
    // a late second navigation would move on after the heading appeared: give it the time it would need
    await page.waitForTimeout(400);
    landed.push(new URL(page.url()).pathname);
    written.push(await page.evaluate(() => (window as unknown as HistoryLog).__historyWrites));
    // forget the session cookie (a logout call per round would only slow the loop down)
    await page.context().clearCookies();
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(landed).toEqual(Array.from({ length: ROUNDS }, () => target));
  expect(written, 'the history entries each login wrote').toEqual(Array.from({ length: ROUNDS }, () => [target]));
});
