import { expect, expectAccessible, test } from './fixtures';
import {
  activeFacilityId,
  expectFocusBackOnPage,
  expectFocusInside,
  expectPersistent,
  navigateInApp,
  SUPPORT_EMAIL,
  SUPPORT_PHONE,
} from './shell-helpers';

// seed §6 (roles and permissions) and the guard dialogs of seed §8, against the real server and demo data.

const DIALOG_1 = 'Wir kennen deine KiTa noch nicht.';
const DIALOG_2 = 'Deine KiTa ist noch nicht dabei!';
const DIALOG_3 = 'Neue Einstellungen';

test('anonymous visitors: every kind of protected page goes to /login', async ({ page }) => {
  // login-only, facility, enrolled, admin, admin with an id parameter, and home itself
  for (const path of [
    '/',
    '/einstellungen',
    '/neue-kita',
    '/stammdaten',
    '/team-workshop-application',
    '/verwaltung/kitas',
    '/verwaltung/fortbildungen/3/anmeldungen',
  ]) {
    await page.goto(path);
    await expect(page, `anonymous on ${path}`).toHaveURL(/\/login$/);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
});

test('anonymous visitors: the public routes open', async ({ page }) => {
  for (const path of [
    '/registrieren',
    '/passwort-vergessen',
    '/aktivieren/wiederholen',
    '/passwort-wiederherstellen-abc123def456',
    '/aktivieren/ctabc123def456',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toHaveCount(0);
    expect(new URL(page.url()).pathname, `public ${path}`).toBe(path);
    await expectAccessible(page, path);
  }
});

test('non-admins are sent home from every /verwaltung path', async ({ pageAs }) => {
  const page = await pageAs('mehrereKitas');
  for (const path of ['/verwaltung', '/verwaltung/kitas', '/verwaltung/personen', '/verwaltung/dokuboegen/2026-27/1']) {
    await page.goto(path);
    await expect(page, `non-admin on ${path}`).toHaveURL(/\/$/);
  }
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Verwaltung' })).toHaveCount(0);
});

test('admins open /verwaltung/kitas without any KiTa and without a dialog', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/verwaltung/kitas');
  await expect(page).toHaveURL(/\/verwaltung\/kitas$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await activeFacilityId(page)).toBeNull();
});

test('several KiTas, none chosen: the selection dialog comes before facility pages', async ({ pageAs }) => {
  const page = await pageAs('mehrereKitas');
  const dialog = page.getByRole('dialog', { name: 'KiTa auswählen' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  // no KiTa pages in the navigation yet, and a deep link is stopped at home with the dialog
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Stammdaten' })).toHaveCount(0);
  await page.goto('/stammdaten');
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog).toBeVisible();
  await expectFocusInside(page, 'KiTa auswählen');
  await expect(dialog.getByRole('button', { name: /angemeldet zum KiTa-Jahr/ })).toHaveCount(3);
  // in-app from /einstellungen: the navigation is cancelled, the user stays there
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Einstellungen' }).click();
  await expect(page).toHaveURL(/\/einstellungen$/);
  await navigateInApp(page, '/personal');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/einstellungen$/);
});

test('dialog 1 (no KiTa): title, support contact, buttons, persistent, focus, keyboard; cancel rules', async ({ pageAs }) => {
  const page = await pageAs('ohneKita');
  const dialog = page.getByRole('dialog', { name: DIALOG_1 });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('keine KiTa zugeordnet');
  await expect(dialog).toContainText('Kolleginnen und Kollegen');
  await expect(dialog.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  await expect(dialog.getByRole('link', { name: SUPPORT_PHONE })).toHaveAttribute('href', /^tel:0911123456/);
  await expect(dialog).toContainText('registriere deine KiTa');
  await expect(dialog.getByRole('button')).toHaveText(['Abbrechen.', 'Ja, KiTa jetzt registrieren!']);
  await expectPersistent(page, DIALOG_1, { escapeCancels: true });
  await expectAccessible(page, 'dialog 1');

  // the target was home: cancelling leaves the user there; focus lands on the page, not on <body>
  await dialog.getByRole('button', { name: 'Abbrechen.' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expectFocusBackOnPage(page);

  // a KiTa page from another page: navigation cancelled, still on /einstellungen
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Einstellungen' }).click();
  await expect(page).toHaveURL(/\/einstellungen$/);
  await navigateInApp(page, '/stammdaten');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/einstellungen$/);
  // keyboard only: focus is in the dialog, Tab reaches the button, Enter takes it
  const register = dialog.getByRole('button', { name: 'Ja, KiTa jetzt registrieren!' });
  await expectFocusInside(page, DIALOG_1);
  for (let i = 0; i < 6 && !(await register.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/neue-kita$/);
  await expect(dialog).toHaveCount(0);
});

test('dialog 2 (not enrolled): title, season, buttons, persistent, focus in and back; cancel keeps the previous page', async ({ pageAs }) => {
  const page = await pageAs('nichtAngemeldet');
  const dialog = page.getByRole('dialog', { name: DIALOG_2 });
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await nav.getByRole('link', { name: 'Stammdaten' }).click();
  await expect(page).toHaveURL(/\/stammdaten$/);
  await nav.getByRole('link', { name: 'Stammdaten' }).focus();
  await navigateInApp(page, '/fortbildungen');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/stammdaten$/);
  await expect(dialog).toContainText('noch nicht zum aktuellen KiTa-Jahr 2026/27 angemeldet');
  await expect(dialog.getByRole('button')).toHaveText(['Abbrechen.', 'Zur Anmeldung!']);
  await expectAccessible(page, 'dialog 2');
  // keyboard only: focus is in the dialog; Abbrechen by Tab and Enter; focus returns to the page
  await expectFocusInside(page, DIALOG_2);
  const cancel = dialog.getByRole('button', { name: 'Abbrechen.' });
  for (let i = 0; i < 6 && !(await cancel.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/stammdaten$/);
  await expectFocusBackOnPage(page);

  // a first load of an enrolled-only page: home with the dialog, then on to the enrolment
  await page.goto('/hospitationen');
  await expect(page).toHaveURL(/\/$/);
  await expectPersistent(page, DIALOG_2, { escapeCancels: true });
  await dialog.getByRole('button', { name: 'Zur Anmeldung!' }).click();
  await expect(page).toHaveURL(/\/kita-jahr-anmeldung$/);
  await expect(dialog).toHaveCount(0);
});

test('dialog 3 (missing settings): names the settings, only "Ok, mache ich.", persistent, leads to the settings', async ({ pageAs }) => {
  const page = await pageAs('einstellungen');
  const dialog = page.getByRole('dialog', { name: DIALOG_3 });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/Hallo \S+, es gibt neue Einstellungen, über die du entscheiden musst/);
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await expect(dialog.getByRole('button')).toHaveText(['Ok, mache ich.']);
  await expectAccessible(page, 'dialog 3');
  // it stays on the next navigation until decided (the settings themselves are left undecided here)
  await navigateInApp(page, '/stammdaten');
  await expect(dialog).toBeVisible();
  await expectPersistent(page, DIALOG_3);
  await dialog.getByRole('button', { name: 'Ok, mache ich.' }).click();
  await expect(page).toHaveURL(/\/einstellungen$/);
  await expect(dialog).toHaveCount(0);
});
