import type { Page } from '@playwright/test';
import { allowTime, expect, expectAccessible, loginAsFreshUser, test } from './fixtures';

// Issue 10: focus never falls to <body> after a change, every field shows a focus ring (error state too), and a
// failed submit puts focus on the first invalid field. One mechanism each (useFocusKeeper, focus-ring.css,
// useSchemaForm), so these tests walk through the pages where focus was lost before.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

/** What has focus, for the failure message: tag, name and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('name') ?? ''} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}`.trim();
  });

/** Focus is somewhere on the page, not on <body>, once things have settled. */
async function expectFocusKept(page: Page, what: string) {
  await expect.poll(() => focused(page), { message: `focus after ${what}`, timeout: 5000 }).not.toBe('body');
}

test('focus stays on the page: registering a KiTa, edit mode, the person dialog, inviting, enrolling', async ({ page }) => {
  allowTime(150_000);
  const suffix = Date.now().toString(36);
  await loginAsFreshUser(page, 'Fenja', `Fokus${suffix}`);
  await page.goto('/neue-kita');
  await expect(page.getByRole('heading', { level: 1, name: 'KiTa registrieren' })).toBeVisible();

  // a failed submit: focus on the first invalid field
  await page.getByRole('button', { name: 'KiTa registrieren' }).click();
  await expect(page.getByRole('textbox', { name: 'Name der KiTa' })).toBeFocused();

  await page.getByRole('textbox', { name: 'Name der KiTa' }).fill(`E2E-Fokus-KiTa ${suffix}`);
  await page.getByRole('combobox', { name: 'Art der Einrichtung' }).selectOption('Kindergarten');
  await page.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('Am Fokus 1');
  await page.getByRole('textbox', { name: 'Postleitzahl' }).fill(String(96000 + Math.floor(Math.random() * 999)));
  await page.getByRole('textbox', { name: 'Ort' }).fill('Fokusheim');
  await page.getByRole('combobox', { name: 'Regierungsbezirk' }).selectOption('Unterfranken');
  await page.getByRole('button', { name: 'KiTa registrieren' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectFocusKept(page, 'registering a KiTa');

  // entering the edit mode: the button is replaced by the form, whose first field takes focus
  await nav(page).getByRole('link', { name: 'Stammdaten' }).click();
  await page.getByRole('button', { name: 'Stammdaten bearbeiten' }).click();
  await expect(page.getByRole('textbox', { name: 'Name der KiTa' })).toBeFocused();
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expectFocusKept(page, 'leaving the edit mode');

  // the person dialog gives focus back to the button that opened it, after cancelling and after saving
  await nav(page).getByRole('link', { name: 'Personal' }).click();
  const add = page.getByRole('button', { name: 'Person hinzufügen' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Person hinzufügen' });
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
  await add.click();
  await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
  // a failed submit in the dialog: the first invalid field in the form's order
  await expect(dialog.getByRole('combobox', { name: 'Funktion' })).toBeFocused();
  await dialog.getByRole('combobox', { name: 'Funktion' }).selectOption('Leitung');
  await dialog.getByRole('textbox', { name: 'Vorname' }).fill('Fiete');
  await dialog.getByRole('textbox', { name: 'Nachname' }).fill('Fokus');
  await dialog.getByRole('textbox', { name: 'E-Mail' }).fill(`fiete-${suffix}@e2e.example`);
  await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // inviting: the button is busy for a moment, then has focus again
  await page.getByRole('button', { name: 'Fiete Fokus einladen' }).click();
  await expect(page.getByRole('button', { name: 'Fiete Fokus erneut einladen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fiete Fokus erneut einladen' })).toBeFocused();

  // enrolling: the form is replaced by the enrolment; focus stays on the page
  await page.goto('/kita-jahr-anmeldung');
  await page.getByRole('checkbox', { name: 'Wasser' }).check();
  await page.getByRole('textbox', { name: 'Arbeitstitel des Projekts' }).fill('Fokus auf Wasser');
  await page.getByRole('combobox', { name: 'Ansprechperson' }).selectOption({ label: 'Fiete Fokus (Leitung)' });
  await page.getByRole('textbox', { name: 'Zahl der teilnehmenden Kinder' }).fill('12');
  await page.getByRole('button', { name: 'KiTa verbindlich anmelden' }).click();
  await expect(page.getByRole('checkbox', { name: 'Ich akzeptiere die Teilnahmebedingungen.' })).toBeFocused();
  await page.getByRole('checkbox', { name: 'Ich akzeptiere die Teilnahmebedingungen.' }).check();
  await page.getByRole('button', { name: 'KiTa verbindlich anmelden' }).click();
  await expect(page.getByText('Fokus auf Wasser')).toBeVisible();
  await expectFocusKept(page, 'enrolling');
  await expectAccessible(page, 'after enrolling');
});

test('deciding the consents keeps focus on the page', async ({ page }) => {
  await loginAsFreshUser(page, 'Ella', `Fokus${Date.now().toString(36)}`, undefined, { decideConsents: false });
  await page.goto('/einstellungen');
  const consents = page.getByRole('region', { name: 'Einwilligungen' });
  await consents.getByRole('button', { name: /^Fassung .* akzeptieren$/ }).click();
  await expect(consents.getByText(/Du hast die Fassung .* akzeptiert\./)).toBeVisible();
  await expectFocusKept(page, 'accepting the privacy policy');
  await consents.getByRole('radio', { name: 'Ja, ich möchte den Newsletter bekommen.' }).check();
  await consents.getByRole('button', { name: 'Newsletter-Entscheidung speichern' }).click();
  await expect(consents.getByText(/Du bekommst den Newsletter \(entschieden am/)).toBeVisible();
  await expectFocusKept(page, 'deciding the newsletter');
});

test('the first KiTa selection keeps focus on the page', async ({ pageAs }) => {
  const page = await pageAs('mehrereKitas');
  const dialog = page.getByRole('dialog', { name: 'KiTa auswählen' });
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('button', { name: /angemeldet zum KiTa-Jahr/ })
    .first()
    .click();
  await expect(dialog).toHaveCount(0);
  await expectFocusKept(page, 'choosing the first KiTa');
});

test('registration and the season dialog: focus on the first invalid field; an impossible date is explained', async ({ page, pageAs }) => {
  await page.goto('/registrieren');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByRole('textbox', { name: 'Vorname' })).toBeFocused();

  await pageAs('admin');
  await page.goto('/verwaltung/kita-jahre');
  await page.getByRole('button', { name: 'Neues KiTa-Jahr' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues KiTa-Jahr' });
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Kennung' })).toBeFocused();
  const jury = dialog.getByRole('textbox', { name: 'Jurysitzung' });
  await jury.fill('31.02.2027');
  await jury.press('Tab');
  await expect(jury).toHaveValue('31.02.2027');
  await expect(dialog.getByText('Dieses Datum gibt es nicht.', { exact: false })).toBeVisible();
  // the calendar of the next date field closes when focus leaves it
  await dialog.getByRole('textbox', { name: 'Kennung' }).focus();
  await expectAccessible(page, 'season dialog with errors');
});

test('an open calendar passes axe: weekend days and days of the neighbouring months are readable', async ({ page, pageAs }) => {
  await pageAs('admin');
  await page.goto('/verwaltung/kita-jahre');
  await page.getByRole('button', { name: 'Neues KiTa-Jahr' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues KiTa-Jahr' });
  await dialog.getByRole('textbox', { name: 'Jurysitzung' }).click();
  await expect(page.locator('button[data-weekend]').first()).toBeVisible();
  await expectAccessible(page, 'season dialog with the calendar open');
});

test('every field shows a focus ring of at least 2 px, also with an error', async ({ page }) => {
  await page.goto('/registrieren');
  const first = page.getByRole('textbox', { name: 'Vorname' });
  await first.focus();
  const ring = () =>
    first.evaluate((el) => {
      const box = el.closest('.mantine-Input-input') ?? el;
      const style = getComputedStyle(box);
      return { width: parseFloat(style.outlineWidth), style: style.outlineStyle, color: style.outlineColor };
    });
  expect(await ring()).toMatchObject({ width: 2, style: 'solid' });
  await page.screenshot({ path: '/tmp/form-focus-ring.png' });
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  expect(await ring()).toMatchObject({ width: 2, style: 'solid' });
  await page.screenshot({ path: '/tmp/form-focus-ring-error.png' });
  const password = page.getByLabel('Passwort', { exact: true });
  await password.focus();
  expect(await password.evaluate((el) => parseFloat(getComputedStyle(el.closest('.mantine-Input-input') ?? el).outlineWidth))).toBe(2);
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(
    await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).evaluate((el) => parseFloat(getComputedStyle(el).outlineWidth)),
  ).toBeGreaterThanOrEqual(2);
});

test('guard dialog 1 opens on its first button, not the mail link, and Escape closes it like "Abbrechen."', async ({ pageAs }) => {
  const page = await pageAs('ohneKita');
  const dialog = page.getByRole('dialog', { name: 'Wir kennen deine KiTa noch nicht.' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Abbrechen.' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expectFocusKept(page, 'closing dialog 1 with Escape');
});

test('a confirm dialog opens on "Abbrechen": Enter twice removes nothing', async ({ pageAs }) => {
  const page = await pageAs('eineKita');
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Personal' }).click();
  const table = page.getByRole('table', { name: 'Personal der KiTa' });
  const remove = table.getByRole('button', { name: /entfernen$/ }).first();
  // count the rows once the list has loaded (count() does not wait)
  await expect(remove).toBeVisible();
  const rows = await table.getByRole('row').count();
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Person entfernen?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(rows);
  await expectFocusKept(page, 'cancelling the confirm dialog');
});
