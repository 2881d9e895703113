import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { pdfText } from '../server/testing/pdf-text';
import { expect, expectAccessible, test } from './fixtures';

// Issue 37 on the demo data (read-only): the staff of an approved KiTa download their Urkunde and a staff member's
// Teilnahmebescheinigung, its printed code checks on /urkunde-pruefen, the admin downloads the season's print PDF
// with one page per KiTa in the table's order. Nothing is issued or changed.

async function pdfOf(download: Download) {
  const file = await download.path();
  return pdfText(readFileSync(file));
}

/** the check code printed on a certificate page (Crockford base32, XXXX-XXXX-XXXX) */
const codeIn = (text: string) => /\b([0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4})\b/.exec(text)?.[1];

async function chooseKita(page: Page, label: string) {
  const dialog = page.getByRole('dialog', { name: 'KiTa auswählen' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: new RegExp(label) }).click();
  await expect(page.getByTestId('active-facility')).toHaveText(label);
}

test('staff download their Urkunde and a Teilnahmebescheinigung, and the printed code checks as genuine', async ({ pageAs }) => {
  const page = await pageAs('mehrereKitas');
  await chooseKita(page, 'Kindertagesstätte Zauberwald');

  await page.goto('/auszeichnungsverantaltung');
  const urkundeButton = page.getByRole('button', { name: 'Urkunde herunterladen (PDF)' });
  await expect(urkundeButton).toBeVisible();
  await expectAccessible(page, 'Auszeichnungsveranstaltung with the Urkunde');
  // by keyboard, as a button
  await urkundeButton.focus();
  const [urkundeFile] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(urkundeFile.suggestedFilename()).toMatch(/\.pdf$/);
  const urkunde = await pdfOf(urkundeFile);
  expect(urkunde.totalPages).toBe(1);
  expect(urkunde.text).toContain('Kindertagesstätte Zauberwald');
  expect(urkunde.text).toContain('Bamberg');
  const urkundeCode = codeIn(urkunde.text);
  expect(urkundeCode, urkunde.text).toBeTruthy();

  // a staff member's Teilnahmebescheinigung beside the attended booking
  await page.goto('/fortbildungen');
  const attendance = page.getByRole('button', { name: 'Teilnahmebescheinigung (PDF)' }).first();
  await expect(attendance).toBeVisible();
  const [attendanceFile] = await Promise.all([page.waitForEvent('download'), attendance.click()]);
  const bescheinigung = await pdfOf(attendanceFile);
  expect(bescheinigung.text).toContain('Teilnahmebescheinigung');
  expect(bescheinigung.text).toMatch(/(Förster|Bauer).*\(Kindertagesstätte Zauberwald, Bamberg\) hat an\s+folgender Veranstaltung teilgenommen/);
  expect(codeIn(bescheinigung.text)).toBeTruthy();

  // the public check, logged out: the code as printed, then lower case without dashes as people type it
  await page.request.delete('/api/logout');
  await page.goto('/urkunde-pruefen');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'check page');
  const field = page.getByLabel('Prüfcode');
  await field.fill(urkundeCode!.toLowerCase().replace(/-/g, ''));
  await page.getByRole('button', { name: 'Prüfen' }).click();
  const answer = page.getByRole('alert').filter({ hasText: 'Zauberwald' });
  await expect(answer).toContainText('Echt:');
  await expect(answer).toContainText('Kindertagesstätte Zauberwald');
  await expectAccessible(page, 'check page with an answer');
  // an unknown code says so, and nothing else
  await field.fill('ZZZZ-ZZZZ-ZZZZ');
  await page.getByRole('button', { name: 'Prüfen' }).click();
  await expect(page.getByText('Diesen Prüfcode kennen wir nicht.')).toBeVisible();
});

test('the admin downloads the print PDF of a season: one page per KiTa in the table order', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/verwaltung/urkunden');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const table = page.getByRole('table').first();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'Urkunden');
  // each row's KiTa and printed code
  const rows = await table.evaluate((t) =>
    [...t.querySelectorAll('tbody tr')].map((tr) => ({
      kita: tr.querySelectorAll('td')[0]?.textContent?.trim() ?? '',
      code: tr.querySelectorAll('td')[3]?.textContent?.trim() ?? '',
    })),
  );
  expect(rows.length).toBeGreaterThan(0);
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Alle als PDF herunterladen' }).click()]);
  const printed = await pdfOf(file);
  expect(printed.totalPages).toBe(rows.length);
  // page i is the Urkunde of row i
  rows.forEach((row, i) => {
    expect(printed.pages[i], `page ${i + 1}`).toContain(row.kita);
    expect(printed.pages[i], `page ${i + 1}`).toContain(row.code);
  });

  // "Vorschau" prints the template as it stands in the form, not saved (nothing is written)
  const heading = page.getByLabel('Überschrift');
  await heading.fill('Urkunde – Entwurf für Grünschnäbel');
  const [previewFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Vorschau' }).click()]);
  const preview = await pdfOf(previewFile);
  expect(preview.totalPages).toBe(1);
  expect(preview.text.replace(/\s+/g, ' ')).toContain('Urkunde – Entwurf für Grünschnäbel');
  await expect(page.getByRole('button', { name: 'Vorschau' })).toBeFocused();
});
