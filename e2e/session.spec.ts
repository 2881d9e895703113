import { demoAccounts, DEMO_PASSWORD, expect, expectAccessible, loginViaApi, loginViaForm, loginWithFreshEnrolledKita, test } from './fixtures';
import { ACTIVE_FACILITY_KEY, activeFacilityId, expectErrorNotification, facilitiesOf, navigateInApp } from './shell-helpers';

// seed §4: login, logout, status check, redirect target and the active KiTa — against the real server.

test('login by keyboard alone: authenticated, name, season and the single KiTa shown; a reload keeps it all', async ({ page }) => {
  await page.goto('/login');
  await expectAccessible(page, '/login');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused();
  const email = page.getByLabel('E-Mail');
  while (!(await email.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
  await page.keyboard.type(demoAccounts.eineKita);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Passwort', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');

  // no stored target: home (seed §4 default '/')
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Benutzermenü von Elif Einhorn' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /KiTa-Jahr 2026\/27/ })).toBeVisible();
  // exactly one KiTa: active without asking, and persisted
  const [kita] = await facilitiesOf(page);
  await expect(page.getByTestId('active-facility')).toHaveText(kita!.label);
  expect(await activeFacilityId(page)).toBe(String(kita!.id));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page, 'home after login');

  // status check: the session cookie is enough after a reload
  await page.reload();
  await expect(page.getByRole('button', { name: 'Benutzermenü von Elif Einhorn' })).toBeVisible();
  await expect(page.getByTestId('active-facility')).toHaveText(kita!.label);
});

test('a network error on login gives failure and the offline notification', async ({ page }) => {
  await page.route('**/api/login', (route) => route.abort());
  await page.goto('/login');
  await loginViaForm(page, demoAccounts.eineKita);
  await expectErrorNotification(page, 'Bist du offline?', 'konnten nicht erreicht werden');
  await expect(page.getByRole('alert').filter({ hasText: 'Das Anmelden hat nicht geklappt.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
});

test('logout clears user, season and the active KiTa and lands on /login', async ({ pageAs }) => {
  const page = await pageAs('eineKita');
  await expect(page.getByTestId('active-facility')).toBeVisible();
  expect(await activeFacilityId(page)).not.toBeNull();
  await page.getByRole('button', { name: /Benutzermenü/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Abmelden' })).toBeVisible();
  await expectAccessible(page, 'user menu open');
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: /Benutzermenü/ })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
  await expect(page.getByTestId('active-facility')).toHaveCount(0);
  expect(await activeFacilityId(page)).toBeNull();
  // the server session is gone too: a protected page asks for the login again
  expect((await (await page.request.get('/api/loginstatus')).json()).loggedin).toBe(false);
  await navigateInApp(page, '/stammdaten');
  await expect(page).toHaveURL(/\/login$/);
});

test('a logged-in user opening /login goes home', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
  await navigateInApp(page, '/login');
  await expect(page).toHaveURL(/\/$/);
});

test('the redirect target keeps a deep link with its search params', async ({ page }) => {
  await page.goto('/verwaltung/kitas?q=Pegnitz&page=1');
  await expect(page).toHaveURL(/\/login$/);
  await loginViaForm(page, demoAccounts.admin);
  await expect(page).toHaveURL(/\/verwaltung\/kitas\?.*q=Pegnitz/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the active KiTa: chosen in the dialog, persisted across a reload, restored from storage on navigation', async ({ pageAs }) => {
  const page = await pageAs('mehrereKitas');
  const kitas = (await facilitiesOf(page)).sort((a, b) => a.label.localeCompare(b.label, 'de'));
  expect(kitas).toHaveLength(3);
  const [first, second] = kitas as [(typeof kitas)[number], (typeof kitas)[number]];

  const dialog = page.getByRole('dialog', { name: 'KiTa auswählen' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'selection dialog');
  // selecting from another page returns home (seed §4)
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Einstellungen' }).click();
  await expect(page).toHaveURL(/\/einstellungen$/);
  await page.getByRole('button', { name: 'KiTa wechseln' }).click();
  await dialog.getByRole('button', { name: new RegExp(second.label) }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('active-facility')).toHaveText(second.label);
  expect(await activeFacilityId(page)).toBe(String(second.id));

  await page.reload();
  await expect(page.getByTestId('active-facility')).toHaveText(second.label);
  await expect(dialog).toHaveCount(0);

  // another tab chose a different KiTa: the next navigation reads it from storage
  await page.evaluate(({ key, id }) => window.localStorage.setItem(key, id), { key: ACTIVE_FACILITY_KEY, id: String(first.id) });
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Stammdaten' }).click();
  await expect(page).toHaveURL(/\/stammdaten$/);
  await expect(page.getByTestId('active-facility')).toHaveText(first.label);
});

test('access taken while logged in: the next page of the KiTa says so and leads to the start page, not to an error', async ({ page, browser }) => {
  const kita = await loginWithFreshEnrolledKita(page, 'E2E-Entzug');
  const me = (await (await page.request.get('/api/loginstatus')).json()) as { user: { id: number } };
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Personal' })).toBeVisible();

  // an admin takes the access (the KiTa's last member, confirmed); the page still holds the older login status
  const admin = await browser.newContext();
  await loginViaApi(await admin.newPage(), demoAccounts.admin);
  const removed = await admin.request.delete(`/api/facilities/${kita.facilityId}/members/${me.user.id}?confirmLastMember=true`);
  expect(removed.status(), await removed.text()).toBe(204);
  await admin.close();

  await page.getByRole('link', { name: 'Personal' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Wir kennen deine KiTa noch nicht.' })).toBeVisible();
  await expect(page.getByText(`Du hast keinen Zugriff mehr auf „${kita.facilityLabel}“.`)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Da ging etwas schief.')).toHaveCount(0);
  await expectAccessible(page, 'access taken');
});
