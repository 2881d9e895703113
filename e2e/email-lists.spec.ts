import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { allowTime, expect, expectAccessible, loginWithFreshEnrolledKita, tabTo, test } from './fixtures';
import { libreOfficeToCsv } from './spreadsheets';

// Issue 21: /verwaltung/email-adressen against the real server. The test makes its own KiTa (Mittelfranken, enrolled,
// a Leitung whose address is the fresh account's), builds a list by keyboard, copies a block, exports the CSV and
// reads it back with LibreOffice, saves the list and deletes it again.

test('admin builds an e-mail list by keyboard alone, copies a block, exports it as CSV and saves it', async ({ page, pageAs }, testInfo) => {
  allowTime(120_000);
  const kita = await loginWithFreshEnrolledKita(page, 'E2E-Mailliste');
  await pageAs('admin');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/verwaltung/email-adressen');
  await expect(page.getByRole('heading', { level: 1, name: 'E-Mail-Adressen' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Gespeicherte Listen' })).toContainText('Leitungen 2026/27');
  const count = page.getByRole('status').filter({ hasText: /Adresse/ });
  await expect(count).toHaveText(/^\d[\d.]* Adressen/);
  const before = (await count.textContent())!;
  await expectAccessible(page, 'e-mail lists');

  // by keyboard alone (issue 34): each control reached with Tab, Space ticks a checkbox, a select takes its option by
  // type-ahead; the count follows
  const choose = async (label: string, option: string, value: string) => {
    const select = page.getByLabel(label, { exact: true });
    await tabTo(page, select);
    await page.keyboard.type(option);
    await expect(select).toHaveValue(value);
  };
  const region = page.getByRole('group', { name: 'Regierungsbezirk' }).getByRole('checkbox', { name: 'Mittelfranken' });
  await tabTo(page, region);
  await page.keyboard.press('Space');
  await expect(region).toBeChecked();
  const lead = page.getByRole('group', { name: 'Funktion' }).getByRole('checkbox', { name: 'Leitung', exact: true });
  await tabTo(page, lead);
  await page.keyboard.press('Space');
  await expect(lead).toBeChecked();
  await choose('Anmeldung', 'angemeldet', 'enrolled');
  await expect(count).not.toHaveText(before);
  await expect(page.getByRole('table', { name: /Vorschau/ })).toContainText(kita.email);

  // the newsletter leaves out whoever has not consented, and says so
  await choose('Zweck', 'Newsletter', 'newsletter');
  await expect(count).toContainText(/ausgelassen: keine Newsletter-Einwilligung/);
  // who is left out, and why (issue 34): the dialog names them, by keyboard, and gives the focus back on closing
  const showLeftOut = page.getByRole('button', { name: 'Ausgelassene anzeigen' });
  await tabTo(page, showLeftOut);
  await page.keyboard.press('Enter');
  const leftOutDialog = page.getByRole('dialog', { name: 'Ausgelassene Kontakte' });
  const leftOut = leftOutDialog.getByRole('table', { name: /ausgelassene/i });
  await expect(leftOut.getByRole('row').filter({ hasText: kita.facilityLabel })).toContainText('keine Newsletter-Einwilligung');
  await expect(leftOutDialog.getByRole('button', { name: 'Ausgelassene als CSV (Excel) exportieren' })).toBeEnabled();
  await expectAccessible(page, 'left-out contacts dialog');
  await page.keyboard.press('Escape');
  await expect(leftOutDialog).toBeHidden();
  await expect(showLeftOut).toBeFocused();
  await choose('Zweck', 'Programm', 'information');
  await expect(page.getByRole('table', { name: /Vorschau/ })).toContainText(kita.email);

  // copy: one block of up to 500 addresses
  const copy = page.getByRole('button', { name: 'Adressen kopieren' });
  await tabTo(page, copy);
  await page.keyboard.press('Enter');
  await expect(copy).toHaveAttribute('aria-expanded', 'true');
  await choose('Adressen je Block', '500', '500');
  const block = page.getByRole('button', { name: /^Adressen 1–\d+ kopieren$/ });
  await tabTo(page, block);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Adressen in die Zwischenablage kopiert/)).toBeVisible();
  const clipboard = await page.evaluate(() => navigator.clipboard.readText());
  expect(clipboard.split(', ')).toContain(kita.email);
  await expectAccessible(page, 'copy blocks');

  // CSV (Excel), read back as a spreadsheet would
  const dir = testInfo.outputPath('exports');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await tabTo(page, page.getByRole('button', { name: 'Als CSV (Excel) exportieren' }));
  const [dl] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(dl.suggestedFilename()).toMatch(/^email-adressen-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = join(dir, 'email-adressen.csv');
  await dl.saveAs(csv);
  expect([...readFileSync(csv).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = libreOfficeToCsv(csv, dir, 'CSV:59,34,76,1');
  expect(rows[0]).toEqual(['Name', 'E-Mail', 'KiTa', 'Funktion', 'Regierungsbezirk', 'Warum enthalten']);
  const mine = rows.find((r) => r[1] === kita.email);
  expect(mine).toEqual(['Greta Garten', kita.email, kita.facilityLabel, 'Leitung', 'Mittelfranken', expect.stringContaining('Personal')]);
  expect(rows.slice(1).every((r) => r[4] === 'Mittelfranken' && r[3] === 'Leitung')).toBe(true);

  // save it, find it among the saved lists, delete it again
  const name = `E2E Leitungen Mittelfranken ${Date.now().toString(36)}`;
  await tabTo(page, page.getByRole('button', { name: 'Liste speichern' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Liste speichern' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type(name);
  await expectAccessible(page, 'save dialog');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const saved = page.getByRole('table', { name: 'Gespeicherte Listen' });
  await expect(saved).toContainText(name);
  await expect(page.getByRole('heading', { name: `Kriterien der Liste „${name}“` })).toBeVisible();

  await tabTo(page, saved.getByRole('button', { name: `„${name}“ löschen` }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Liste löschen?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'delete dialog');
  await tabTo(page, confirm.getByRole('button', { name: 'Ja, löschen' }));
  await page.keyboard.press('Enter');
  await expect(saved).not.toContainText(name);
});

test('the count stays in view while criteria far down change, and "Öffnen" shows the opened list (1280 × 800)', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/verwaltung/email-adressen');
  const count = page.getByRole('status').filter({ hasText: /Adresse/ });
  await expect(count).toHaveText(/^\d[\d.]* Adressen/);
  const inView = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return box.y >= 64 && box.y + box.height <= 800;
  };
  // a change shows "wird aktualisiert" in the count until the debounced request has answered: read the count only then
  // (read earlier, it is the one before the change, and the answer still to come changes the page under the test)
  const updating = count.getByLabel('wird aktualisiert');
  // the last criterion of the long box, far below the top, by keyboard: the count beside it changes where the admin looks
  await page.getByLabel('Zweck').selectOption('Newsletter');
  await expect(updating).toHaveCount(0);
  const before = (await count.textContent())!;
  const last = page.getByRole('region', { name: 'Kriterien' }).getByRole('checkbox').last();
  await last.focus();
  await page.keyboard.press('Space');
  await expect(last).toBeChecked();
  await expect(updating).toHaveCount(0);
  await expect(count).not.toHaveText(before);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  expect(await inView(count)).toBe(true);
  expect(await inView(last)).toBe(true);
  // no table scrolls sideways at 1280
  for (const name of [/Vorschau/, 'Gespeicherte Listen']) {
    // the preview is there only while the criteria find addresses: each scroller on the page now, none waited for
    const overflow = await page.getByRole('group', { name }).evaluateAll((els) => els.map((e) => e.scrollWidth - e.clientWidth));
    for (const px of overflow) expect(px).toBeLessThanOrEqual(1);
  }
  // "Öffnen" far below: the criteria's heading names the list, comes into view and has the focus
  const saved = page.getByRole('table', { name: 'Gespeicherte Listen' });
  await saved
    .getByRole('button', { name: /öffnen$/ })
    .first()
    .click();
  const heading = page.getByRole('heading', { level: 2, name: /^Kriterien der Liste „/ });
  await expect(heading).toBeFocused();
  expect(await inView(heading)).toBe(true);
  await expectAccessible(page, 'e-mail lists at 1280 after opening a saved list');

  // a criterion of the opened list changed and not saved: leaving for another page asks first; "Abbrechen" stays
  await last.focus();
  await page.keyboard.press('Space');
  await page.getByRole('link', { name: 'KiTas', exact: true }).first().click();
  const ask = page.getByRole('dialog', { name: 'Änderungen nicht gespeichert' });
  await expect(ask).toContainText('Die geänderten Kriterien der Liste „');
  await expectAccessible(page, 'leaving a changed saved list');
  await ask.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/verwaltung\/email-adressen$/);
});
