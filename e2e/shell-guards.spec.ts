import { demoAccounts, expect, expectAccessible, loginViaForm, test } from './fixtures';

// The client shell of issue 3 against the real server and the SPEC §7 demo accounts.

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

test('no KiTa: dialog 1 at home', async ({ pageAs }) => {
  const page = await pageAs('ohneKita');
  const dialog = page.getByRole('dialog', { name: 'Wir kennen deine KiTa noch nicht.' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'dialog 1');
  await dialog.getByRole('button', { name: 'Ja, KiTa jetzt registrieren!' }).click();
  await expect(page).toHaveURL(/\/neue-kita$/);
});

test('not enrolled: dialog 2 instead of the trainings', async ({ pageAs }) => {
  const page = await pageAs('nichtAngemeldet');
  await page.goto('/fortbildungen');
  const dialog = page.getByRole('dialog', { name: 'Deine KiTa ist noch nicht dabei!' });
  await expect(dialog).toContainText('2026-27');
  await dialog.getByRole('button', { name: 'Zur Anmeldung!' }).click();
  await expect(page).toHaveURL(/\/kita-jahr-anmeldung$/);
});

test('several KiTas: choose one in the selection dialog', async ({ pageAs }) => {
  const page = await pageAs('mehrereKitas');
  const dialog = page.getByRole('dialog', { name: 'KiTa auswählen' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /angemeldet zum KiTa-Jahr/ }).first().click();
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await nav.getByRole('link', { name: 'Fortbildungen' }).click();
  await expect(page).toHaveURL(/\/fortbildungen$/);
  await expect(page.getByRole('button', { name: 'KiTa wechseln' })).toBeVisible();
});

test('missing settings: dialog 3 leads to the settings', async ({ pageAs }) => {
  const page = await pageAs('einstellungen');
  await page.getByRole('button', { name: 'Ok, mache ich.' }).click();
  await expect(page).toHaveURL(/\/einstellungen$/);
});

test('admin: Verwaltung, then logout', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Verwaltung' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verwaltung' })).toBeVisible();
  await page.getByRole('button', { name: /Benutzermenü/ }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('non-admins are sent home from /verwaltung', async ({ pageAs }) => {
  const page = await pageAs('eineKita');
  await page.goto('/verwaltung/kitas');
  await expect(page).toHaveURL(/\/$/);
});

test('unknown paths show the 404 page in the layout', async ({ page }) => {
  await page.goto('/gibt-es-nicht');
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
});
