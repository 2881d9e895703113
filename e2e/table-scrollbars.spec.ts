import { expect, expectAccessible, test } from './fixtures';

/*
 * A table wider than its region scrolls in the browser's own scroll container (TableScrollRegion): its scrollbar is
 * drawn without hovering, also where the system draws scrollbars only while one scrolls, and the region takes the
 * keyboard. Playwright starts a headless Chromium with --hide-scrollbars, which draws none at all; this file's browser
 * draws them, as the browsers of office PCs and phones do (a worker of its own: a browser's flags are per worker).
 */
test.use({
  launchOptions: [async ({ launchOptions }, use) => use({ ...launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] }), { scope: 'worker' }],
});

test('the staff list at 320 px scrolls sideways in its region: the scrollbar is drawn, the arrow keys scroll it', async ({ pageAs }) => {
  const page = await pageAs('eineKita');
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/personal');
  const region = page.getByRole('group', { name: 'Personal der KiTa' });
  await expect(region.getByRole('table')).toBeVisible();
  const box = () =>
    region.evaluate((el: HTMLElement) => ({
      overflows: el.scrollWidth > el.clientWidth + 1,
      // a horizontal scrollbar below the table takes room: offsetHeight counts it, clientHeight does not
      scrollbar: el.offsetHeight - el.clientHeight,
      scrollLeft: el.scrollLeft,
    }));
  const before = await box();
  expect(before.overflows, 'the table is wider than the window').toBe(true);
  expect(before.scrollbar, 'the scrollbar is drawn without hovering').toBeGreaterThanOrEqual(8);
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await box()).scrollLeft).toBeGreaterThan(0);
  // the page itself does not scroll sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'staff list at 320 px with scrollbars');
});
