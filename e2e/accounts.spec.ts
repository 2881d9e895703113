import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, demoAccounts, expect, expectAccessible, loginAsFreshUser, loginViaApi, loginViaForm, test } from './fixtures';
import { linkFromMail, uniqueEmail } from './mailbox';

// Issue 4 end to end: every account flow against the real server, with the mails it writes to DATA_DIR/mail.

const PASSWORD = 'Kastanienbaum-Wolkenschiff-42';
const NEW_PASSWORD = 'Holunderbusch-Regenpfeifer-77';

/** Registers and activates through the API (the UI flow has its own test), for tests that need a fresh account. */
async function activatedAccount(request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  const policy = (await (await request.get('/api/privacy-policy')).json()) as { version: string | null };
  const res = await request.post('/api/auth/register', {
    data: {
      firstName: 'Tessa',
      lastName: 'Testmann',
      email,
      password: PASSWORD,
      passwordRepeat: PASSWORD,
      privacyPolicyVersion: policy.version ?? '-',
      acceptPrivacyPolicy: true,
      newsletter: false,
    },
  });
  expect(res.status(), await res.text()).toBe(202);
  const link = await linkFromMail(email, '/aktivieren/ct');
  const activated = await request.post('/api/auth/activate', { data: { token: link.slice('/aktivieren/ct'.length) } });
  expect(activated.ok(), await activated.text()).toBeTruthy();
  return email;
}

async function logout(page: Page) {
  await page.getByRole('button', { name: /Benutzermenü/ }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('register → mail → activate → login', async ({ page }) => {
  test.slow(); // several pages, mails and password hashes
  const email = uniqueEmail('register');
  await page.goto('/registrieren');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText('Bitte gib deinen Vornamen an.')).toBeVisible();

  await page.getByLabel('Vorname').fill('Rieke');
  await page.getByLabel('Nachname').fill('Registriert');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill('passwort1234');
  await expect(page.getByText(/Passwortstärke: (sehr )?schwach/)).toBeVisible();
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await expect(page.getByText(/Passwortstärke: (sehr )?stark/)).toBeVisible();
  await page.getByRole('button', { name: 'Datenschutzerklärung lesen' }).click();
  const policy = page.getByRole('dialog', { name: /Datenschutzerklärung/ });
  await expect(policy).toBeVisible();
  await expectAccessible(page, 'privacy policy dialog');
  await policy.getByRole('button', { name: 'Schließen' }).last().click();
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText('Schau in dein Postfach')).toBeVisible();
  await expectAccessible(page, 'registered');

  const link = await linkFromMail(email, '/aktivieren/ct');
  await page.goto(link);
  await expect(page.getByText('Dein Benutzerkonto ist aktiviert. Du kannst dich jetzt anmelden.')).toBeVisible();
  await expectAccessible(page);
  await page.goto(link);
  await expect(page.getByText('Der Link wurde schon benutzt')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Zum Anmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginViaForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Wir kennen deine KiTa noch nicht.' })).toBeVisible();
});

test('an unknown activation link explains itself and offers a new one', async ({ page }) => {
  await page.goto(`/aktivieren/ct${'x'.repeat(43)}`);
  await expect(page.getByText('Diesen Link kennen wir nicht', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Neuen Aktivierungslink anfordern' }).click();
  await expect(page).toHaveURL(/\/aktivieren\/wiederholen$/);
  await page.getByLabel('E-Mail').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Link neu schicken' }).click();
  await expect(page.getByText(/Wenn es zu dieser Adresse ein Benutzerkonto gibt/)).toBeVisible();
  await expectAccessible(page);
});

test('forgotten password → mail → reset logs in', async ({ page }) => {
  test.slow(); // several pages, mails and password hashes
  const email = await activatedAccount(page.request, 'reset');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/passwort-vergessen$/);
  await expectAccessible(page);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByText(/Wenn es zu dieser Adresse ein Benutzerkonto gibt/)).toBeVisible();

  const link = await linkFromMail(email, '/passwort-wiederherstellen-');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Neues Passwort wiederholen').fill(`${NEW_PASSWORD}!`);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Die beiden Passwörter stimmen nicht überein.')).toBeVisible();
  await page.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/$/);
  // logged in: a fresh account has no KiTa yet, so dialog 1 greets it
  await page.getByRole('dialog', { name: 'Wir kennen deine KiTa noch nicht.' }).getByRole('button', { name: 'Abbrechen.' }).click();

  await logout(page);
  await loginViaForm(page, email, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'E-Mail-Adresse oder Passwort ist falsch.' })).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('Der Link wurde schon benutzt')).toBeVisible();
});

test('e-mail change: confirmation link to the new address', async ({ page }) => {
  test.slow(); // several pages, mails and password hashes
  const email = await activatedAccount(page.request, 'change-from');
  const newEmail = uniqueEmail('change-to');
  await loginViaApi(page, email, PASSWORD);
  await page.goto('/einstellungen');
  await expectAccessible(page);
  const section = page.getByRole('region', { name: 'E-Mail-Adresse ändern' });
  await section.getByLabel('Neue E-Mail-Adresse').fill(newEmail);
  await section.getByLabel('Dein Passwort zur Bestätigung').fill(PASSWORD);
  await section.getByRole('button', { name: 'Bestätigungslink schicken' }).click();
  await expect(section.getByText(`Wir haben einen Bestätigungslink an ${newEmail} geschickt.`, { exact: false })).toBeVisible();

  const link = await linkFromMail(newEmail, '/einstellungen/email-bestaetigen/');
  await page.goto(link);
  await expect(page.getByText('Neue E-Mail-Adresse bestätigt')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('main').getByRole('link', { name: 'Zu den Einstellungen' }).click();
  await expect(page.getByRole('region', { name: 'E-Mail-Adresse ändern' }).getByText(newEmail)).toBeVisible();
  await logout(page);
  await loginViaForm(page, newEmail, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
});

test('data export: the JSON file downloads', async ({ pageAs }) => {
  const page = await pageAs('eineKita');
  await page.goto('/einstellungen');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^kita-portal-meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as { account: { email?: string }; memberships: unknown[] };
  expect(JSON.stringify(data.account)).toContain(demoAccounts.eineKita);
  expect(data.memberships.length).toBe(1);
});

test('account deletion with the password in a dialog', async ({ page }) => {
  test.slow(); // several pages, mails and password hashes
  const email = await activatedAccount(page.request, 'delete');
  await loginViaApi(page, email, PASSWORD);
  await page.goto('/einstellungen');
  await page.getByRole('button', { name: 'Konto löschen …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Benutzerkonto löschen' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'deletion dialog');
  await dialog.getByLabel('Passwort').fill('falsch-falsch-falsch');
  await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(dialog.getByText('Das Passwort ist falsch.')).toBeVisible();
  await dialog.getByLabel('Passwort').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Dein Benutzerkonto ist gelöscht. Schade, dass du gehst!')).toBeVisible();
  await loginViaForm(page, email, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'E-Mail-Adresse oder Passwort ist falsch.' })).toBeVisible();
});

test('dialog 3 goes away once the consents are decided', async ({ page }) => {
  // a fresh account with both consents undecided: einstellungen@demo.example stays undecided for the guard suite
  await loginAsFreshUser(page, 'Ella', 'Entscheid', undefined, { decideConsents: false });
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Neue Einstellungen' })).toBeVisible();
  await page.getByRole('button', { name: 'Ok, mache ich.' }).click();
  await expect(page).toHaveURL(/\/einstellungen$/);
  const consents = page.getByRole('region', { name: 'Einwilligungen' });
  await consents.getByRole('button', { name: /^Fassung .* akzeptieren$/ }).click();
  await expect(consents.getByText(/Du hast die Fassung .* akzeptiert\./)).toBeVisible();
  await consents.getByRole('radio', { name: 'Ja, ich möchte den Newsletter bekommen.' }).check();
  await consents.getByRole('button', { name: 'Newsletter-Entscheidung speichern' }).click();
  await expect(consents.getByText(/Du bekommst den Newsletter \(entschieden am/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ok, mache ich.' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ok, mache ich.' })).toHaveCount(0);
});

/** A code of the next 30-second step: the server refuses a step it has already seen (replay protection). */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test('a new admin sets up the second factor and must give it at every login', async ({ page, browser }) => {
  test.slow(); // several pages, mails and password hashes
  // an admin of its own: the demo admin signs in without a second factor (ADMIN_TOTP=optional)
  const email = uniqueEmail('admin-totp');
  const adminContext = await browser.newContext();
  await loginViaApi(await adminContext.newPage(), demoAccounts.admin, DEMO_PASSWORD);
  const created = await adminContext.request.post('/api/admin/users', { data: { email, firstName: 'Ada', lastName: 'Zweifaktor', isAdmin: true } });
  expect(created.status(), await created.text()).toBe(201);
  await adminContext.close();

  await page.goto(await linkFromMail(email, '/aktivieren/ct'));
  await expect(page.getByText('Lege jetzt dein Passwort fest')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('button', { name: 'Passwort festlegen und aktivieren' }).click();
  await expect(page.getByText('Dein Benutzerkonto ist aktiviert', { exact: true })).toBeVisible();

  await page.goto('/login');
  await loginViaForm(page, email, PASSWORD);
  await expect(page.getByRole('button', { name: /Benutzermenü/ })).toBeVisible();
  await page.goto('/einstellungen');
  const section = page.getByRole('region', { name: 'Zwei-Faktor-Authentifizierung' });
  await section.getByRole('button', { name: 'Zwei-Faktor-Authentifizierung einrichten' }).click();
  await expect(section.getByRole('img', { name: 'QR-Code für deine Authenticator-App' })).toBeVisible();
  await expectAccessible(page, 'TOTP set-up');
  const secret = (await section.getByLabel('Schlüssel zur manuellen Eingabe').innerText()).replace(/\s/g, '');
  await section.getByLabel('Bestätigungscode').fill(await generate({ secret }));
  await section.getByRole('button', { name: 'Aktivieren' }).click();
  const codes = section.getByRole('list', { name: 'Wiederherstellungscodes' });
  await expect(codes).toBeVisible();
  await expectAccessible(page, 'recovery codes');
  const recovery = (await codes.getByRole('listitem').first().innerText()).trim();
  await section.getByRole('checkbox', { name: 'Ich habe die Codes sicher gespeichert' }).check();
  await section.getByRole('button', { name: 'Fertig' }).click();
  await expect(section.getByText('eingeschaltet')).toBeVisible();

  await logout(page);
  await loginViaForm(page, email, PASSWORD);
  const code = page.getByLabel('Bestätigungscode');
  await expect(code).toBeVisible();
  await expectAccessible(page, 'login second step');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Der Code stimmt nicht.' })).toBeVisible();
  await code.fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('button', { name: /Benutzermenü/ })).toBeVisible();

  // a recovery code works once instead of the app
  await page.goto('/einstellungen');
  await logout(page);
  await loginViaForm(page, email, PASSWORD);
  await page.getByLabel('Bestätigungscode').fill(recovery);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('button', { name: /Benutzermenü/ })).toBeVisible();
});
