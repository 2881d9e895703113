import { allowTime, expect, loginViaForm, test } from './fixtures';

/*
 * Issue 10: after a login the user sometimes landed on / instead of the stored target. The login re-ran the
 * guards of /login (whose guard sends a logged-in user home) and then navigated to the target: two navigations
 * raced, mostly on a slow machine. Now the login is one navigation. With the CPU slowed down 4×, many logins in a
 * row must all end on the target.
 */
const ROUNDS = 15;

test(`a login lands on the stored target every time (${ROUNDS} logins, CPU throttled)`, async ({ page }) => {
  allowTime(300_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const target = '/verwaltung/personen';
  const landed: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // anonymous deep link: the guard stores the target and shows the login form
    await page.goto(target);
    await expect(page).toHaveURL(/\/login$/);
    await loginViaForm(page, 'admin@demo.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Personen' })).toBeVisible({ timeout: 45_000 });
    // a late second navigation would move on after the heading appeared: give it the time it would need
    await page.waitForTimeout(400);
    landed.push(new URL(page.url()).pathname);
    // forget the session cookie (a logout call per round would only slow the loop down)
    await page.context().clearCookies();
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(landed).toEqual(Array.from({ length: ROUNDS }, () => target));
});
