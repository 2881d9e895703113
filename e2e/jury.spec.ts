import { demoAccounts, expect, expectAccessible, loginViaForm, test } from './fixtures';

// issue 12: the jury reviews the documentation forms and administers nothing else (jury@demo.example, no KiTa).

test('the jury account logs in, "Verwaltung" opens the Dokumentationsbögen, the other admin pages stay closed', async ({ page }) => {
  await page.goto('/login');
  await loginViaForm(page, demoAccounts.jury);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
  // no KiTa, and no "Wir kennen deine KiTa noch nicht." for it: the start page is the jury's queue (issue 19)
  const queue = page.getByRole('region', { name: 'Deine Bewertungen · KiTa-Jahr 2026/27' });
  const waiting = queue.getByRole('region', { name: /^Warten auf deine Bewertung/ });
  await expect(waiting.getByRole('link', { name: 'Kinderkrippe Zwergerlstube' })).toBeVisible();
  await expect(queue.getByRole('region', { name: /^Erledigt/ }).getByRole('link', { name: 'Waldkindergarten Isarauen' })).toBeVisible();
  await expect(queue.getByRole('link', { name: 'Zu allen Dokumentationsbögen' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page, 'jury start page');

  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Stammdaten' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Verwaltung' }).click();
  await expect(page).toHaveURL(/\/verwaltung\/dokuboegen\/2026-27$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumentationsbögen 2026/27' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Verwaltung' })).toHaveAttribute('aria-current', 'page');
  const areas = page.getByRole('navigation', { name: 'Bereiche der Verwaltung' }).filter({ visible: true });
  await expect(areas.getByRole('link')).toHaveText(['Dokumentationsbögen']);
  await expectAccessible(page, 'jury on /verwaltung/dokuboegen');

  // another admin page: sent home like any non-admin; the server refuses the admin calls behind it as well
  await page.goto('/verwaltung/kitas');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'KiTas' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
  const api = await page.request.get('/api/admin/facilities');
  expect(api.status()).toBe(403);
  expect((await api.json()).reason.code).toBe('forbidden');
  await expectAccessible(page, 'jury sent home from /verwaltung/kitas');
});
