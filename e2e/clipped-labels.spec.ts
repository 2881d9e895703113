import type { Page } from '@playwright/test';
import { bookViaApi, cancelBooking, type Booked } from './booking-helpers';
import { expect, expectAccessible, loginWithFreshEnrolledKita, test, type DemoAccount } from './fixtures';

/*
 * Issue 19 defect 6, WCAG 1.4.10 (lost content): "Stornieren" was cut at 1280 px, three buttons on /einstellungen and
 * the ZIP button of the documentation list at 320 px; the list's toolbar (six buttons and a select over three rows)
 * is one "Exportieren …" menu now.
 */

/** Buttons whose text does not fit: the label (or the button) is wider inside than it shows. */
const clippedButtons = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Button-root, .mantine-Button-inner, .mantine-Button-label')]
      .filter((el) => el.getClientRects().length > 0 && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
      .map((el) => `${el.closest('button, a')?.textContent?.trim()} (${el.scrollWidth}>${el.clientWidth})`),
  );

const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// `freshKita`: a KiTa of its own (loginWithFreshEnrolledKita) books, the demo KiTas are for reading
const pages: Array<{ account: DemoAccount | 'freshKita'; path: string; book?: 'hospitation'; ready: (page: Page) => Promise<void> }> = [
  {
    account: 'freshKita',
    path: '/hospitationen',
    book: 'hospitation',
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Stornieren' }).first()).toBeVisible();
    },
  },
  {
    account: 'eineKita',
    path: '/einstellungen',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
      await expect(page.getByRole('button').last()).toBeVisible();
    },
  },
  {
    account: 'admin',
    path: '/verwaltung/dokuboegen/2026-27',
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Exportieren …' })).toBeVisible();
    },
  },
];

async function expectNothingClipped(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await settle(page);
    expect(await clippedButtons(page), `${path} at ${width} px`).toEqual([]);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(innerWidth);
  }
}

for (const { account, path, book, ready } of pages) {
  if (account === 'freshKita')
    test(`${path}: no button text is cut at 320 and 1280 px`, async ({ page, baseURL }) => {
      await loginWithFreshEnrolledKita(page);
      // a booking of its own, so the bookings table shows "Stornieren"
      const booked: Booked | null = book ? await bookViaApi(page, baseURL, book) : null;
      await expectNothingClipped(page, path, ready);
      if (booked) await cancelBooking(page, baseURL, booked);
    });
  else
    test(`${path}: no button text is cut at 320 and 1280 px`, async ({ pageAs }) => {
      await expectNothingClipped(await pageAs(account), path, ready);
    });
}

test('the documentation list: the season select and one "Exportieren …" menu, opened and used by keyboard', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/verwaltung/dokuboegen/2026-27');
  const button = page.getByRole('button', { name: 'Exportieren …' });
  await expect(button).toBeVisible();
  // the old toolbar's buttons are gone from the page (they are items of the menu)
  await expect(page.getByRole('link', { name: /ZIP|exportieren|Antworten als/ })).toHaveCount(0);
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Liste als Excel (XLSX)',
    'Liste als CSV (Excel)',
    'Antworten als Excel (XLSX)',
    'Antworten als CSV (Excel)',
    'Alle eingereichten Bögen als ZIP (PDF)',
  ]);
  await expectAccessible(page, 'export menu open');
  // the arrow keys move through the items (Mantine focuses the first one or stays on the button on opening)
  const csv = menu.getByRole('menuitem', { name: 'Liste als CSV (Excel)' });
  for (let i = 0; i < 3 && !(await csv.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(csv).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  await page.goto('/verwaltung/dokuboegen/2026-27');
  await page.getByRole('button', { name: 'Exportieren …' }).focus();
  await page.keyboard.press('Enter');
  // Escape only once the menu is there (pressed earlier it reaches nothing, and the menu opens after it)
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Exportieren …' })).toBeFocused();
});
