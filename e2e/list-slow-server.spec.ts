import { answerLate, expect, expectAccessible, stepSeasonSwitch, test } from './fixtures';

// A list's search, filter and paging change only the address's search: the page stays, with its match (no loaderDeps,
// src/lib/list-search.ts), and its data is not waited for then, because a server slower than the router's wait for its
// loading page (1 s) once replaced the whole list by the loading page and took the focus from the search box while
// someone typed (the KiTa-Jahr switch of the season report lost it that way in CI). Here every answer of the list takes
// 2 s.
test('a list on a slow server: the search box keeps the focus while the list loads, typing goes on, the rows follow', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/verwaltung/kitas');
  await expect(page.getByRole('heading', { level: 1, name: 'KiTas' })).toBeVisible();
  await answerLate(page, '**/api/admin/facilities?**', 2000);
  const search = page.getByRole('searchbox', { name: 'Suche' });
  await search.click();
  await page.keyboard.type('Sonnen');
  await expect(page).toHaveURL(/[?&]q=Sonnen/);
  // the previous rows stay under the table's loading overlay, marked busy; the loading page never replaces the list
  await expect(page.getByRole('table').first()).toHaveAttribute('aria-busy', 'true');
  await expect(search).toBeFocused();
  await page.waitForTimeout(2500);
  await expect(search).toBeFocused();
  // typing goes on in the same field and the list follows
  await page.keyboard.type('schein');
  await expect(search).toHaveValue('Sonnenschein');
  await expect(page).toHaveURL(/[?&]q=Sonnenschein/);
  await expect(page.getByRole('link', { name: 'Kinderhaus Sonnenschein', exact: true })).toBeVisible();
  await expect(page.getByRole('table').first()).not.toHaveAttribute('aria-busy', 'true');
  await expect(search).toBeFocused();
  await expectAccessible(page, 'KiTa list after a slow search');
});

// The same page staying, with a login status older than its 30 s: the guard decides with the known status and asks the
// server in the background (src/app/route-guard.ts). Waiting for a slow answer there once replaced the page by the
// loading page as well, and the KiTa-Jahr switch lost the focus (CI, under load). Here the status check takes 2.5 s.
test('a stale login status on a slow server: the KiTa-Jahr switch steps by arrow key and keeps the focus', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.clock.install();
  await page.goto('/verwaltung/auswertung');
  await expect(page.getByRole('heading', { level: 1, name: 'Auswertung KiTa-Jahr 2026/27' })).toBeVisible();
  await answerLate(page, '**/api/loginstatus', 2500);
  await page.clock.fastForward('00:40');
  const seasonSwitch = await stepSeasonSwitch(page, 'ArrowDown', '2025-26', '2025/26');
  await page.waitForTimeout(3000);
  await expect(seasonSwitch).toBeFocused();
  await stepSeasonSwitch(page, 'ArrowUp', '2026-27', '2026/27');
});

// The documentation list's KiTa-Jahr switch puts the season in the path: the page stays with a new router match, whose
// loader does not wait for the list (routes/_app/verwaltung/dokuboegen/$seasonIdentifier/index.tsx). Here every
// answer of the list takes 2.5 s.
test('the documentation list on a slow server: the KiTa-Jahr switch steps by arrow key and keeps the focus', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/verwaltung/dokuboegen/2026-27');
  await expect(page.getByRole('table', { name: 'Dokumentationsbögen des KiTa-Jahres 2026/27' })).toBeVisible();
  await answerLate(page, '**/api/admin/documentation/**', 2500);
  const seasonSwitch = page.getByRole('combobox', { name: 'KiTa-Jahr' });
  await seasonSwitch.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/\/verwaltung\/dokuboegen\/2025-26$/);
  await expect(page.locator('[data-page-loader]')).toHaveCount(0);
  await expect(seasonSwitch).toBeFocused();
  await page.waitForTimeout(3000);
  await expect(seasonSwitch).toBeFocused();
  await expect(page.getByRole('table', { name: 'Dokumentationsbögen des KiTa-Jahres 2025/26' })).toBeVisible();
  await expect(seasonSwitch).toBeFocused();
});
