import { demoAccounts, expect, expectAccessible, loginViaForm, test } from './fixtures';

// The client shell of issue 3 against the real server and the SPEC §7 demo accounts. The guard dialogs, the
// selection dialog and the role rules are covered in depth by guards.spec.ts, session.spec.ts and keyboard.spec.ts.

test('anonymous visitors land on /login and return to the page they wanted', async ({ page }) => {
  await page.goto('/fortbildungen');
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);
  await loginViaForm(page, demoAccounts.eineKita);
  await expect(page).toHaveURL(/\/fortbildungen$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fortbildungen' })).toBeVisible();
});

test('wrong password shows the German message', async ({ page }) => {
  await page.goto('/login');
  await loginViaForm(page, demoAccounts.eineKita, 'falsch-falsch');
  await expect(page.getByRole('alert').filter({ hasText: 'E-Mail-Adresse oder Passwort ist falsch.' })).toBeVisible();
});

test('admin: Verwaltung, then logout', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Verwaltung' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verwaltung' })).toBeVisible();
  await page.getByRole('button', { name: /Benutzermenü/ }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown paths show the 404 page in the layout', async ({ page }) => {
  await page.goto('/gibt-es-nicht');
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
});
