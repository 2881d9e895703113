import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { allowTime, expect, expectAccessible, test } from './fixtures';
import { libreOfficeToCsv } from './spreadsheets';

// Issue 5, admin screens against the real server and the SPEC §7 demo data. The run shares one demo database with
// other specs, so every write is undone: the previous season 2025-26 (closed in the demo) is opened and closed again,
// leaving the current season's enrolment, which other specs rely on, untouched.

test('admin opens and closes the enrolment of a season', async ({ pageAs }) => {
  allowTime(60_000);
  const page = await pageAs('admin');
  await page.goto('/verwaltung/kita-jahre');
  await expect(page.getByRole('heading', { level: 1, name: 'KiTa-Jahre' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Alle KiTa-Jahre' })).toContainText('2026-27');
  await expect(page.getByRole('table', { name: 'Nach Regierungsbezirk' })).toBeVisible();
  await expectAccessible(page, 'seasons');

  await page.getByRole('button', { name: '2025/26 bearbeiten' }).click();
  const form = page.getByRole('dialog', { name: 'KiTa-Jahr 2025/26 bearbeiten' });
  await expect(form.getByRole('textbox', { name: /Kennung/ })).toHaveValue('2025-26');
  await expect(form.getByRole('textbox', { name: 'Beginn' })).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
  await expectAccessible(page, 'season form');
  await form.getByRole('button', { name: 'Abbrechen' }).click();

  const row = page.getByRole('row').filter({ hasText: 'KiTa-Jahr 2025/26' });
  await page.getByRole('button', { name: 'Anmeldung zu 2025/26 öffnen' }).click();
  const open = page.getByRole('dialog', { name: 'Anmeldung öffnen?' });
  // axe only once the dialog is there (its fade-in is waited for by expectAccessible)
  await expect(open).toBeVisible();
  await expectAccessible(page, 'confirm open');
  await open.getByRole('button', { name: 'Ja, Anmeldung öffnen' }).click();
  await expect(row.getByText('offen', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Anmeldung zu 2025/26 schließen' }).click();
  const close = page.getByRole('dialog', { name: 'Anmeldung schließen?' });
  await expect(close).toBeVisible();
  await expectAccessible(page, 'confirm close');
  await close.getByRole('button', { name: 'Ja, Anmeldung schließen' }).click();
  await expect(row.getByText('geschlossen', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anmeldung zu 2025/26 öffnen' })).toBeVisible();
});

test('admin exports the filtered KiTa list as XLSX and CSV (Excel); LibreOffice reads both', async ({ pageAs }, testInfo) => {
  allowTime(180_000);
  const page = await pageAs('admin');
  await page.goto('/verwaltung/kitas');
  await expect(page.getByRole('table', { name: 'Alle KiTas' })).toContainText('Kinderhaus Sonnenschein');
  await expectAccessible(page, 'KiTa list');

  await page.getByRole('combobox', { name: 'Regierungsbezirk' }).selectOption('Mittelfranken');
  await expect(page).toHaveURL(/region=Mittelfranken/);
  const table = page.getByRole('table', { name: 'Alle KiTas' });
  await expect(table).toContainText('Kinderhaus Pegnitzwiese');
  await expect(table).not.toContainText('Kinderhaus Sonnenschein');

  const dir = testInfo.outputPath('exports');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const download = async (name: string, file: string) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
    expect(dl.suggestedFilename()).toMatch(/^kitas-.*\.(xlsx|csv)$/);
    const path = join(dir, file);
    await dl.saveAs(path);
    return path;
  };
  const xlsx = await download('Als Excel (XLSX) exportieren', 'kitas.xlsx');
  const csv = await download('Als CSV (Excel) exportieren', 'kitas.csv');

  const raw = readFileSync(csv);
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

  for (const rows of [libreOfficeToCsv(xlsx, dir), libreOfficeToCsv(csv, dir, 'CSV:59,34,76,1')]) {
    const [header, ...data] = rows;
    expect(header).toEqual(expect.arrayContaining(['ID', 'Name', 'Straße', 'PLZ', 'Ort', 'Regierungsbezirk', 'Träger', 'Angelegt am']));
    for (const r of data) expect(r).toHaveLength(header!.length);
    const col = (title: string) => header!.indexOf(title);
    // the demo's two KiTas of Mittelfranken; other specs' own fresh KiTas (e2e/fixtures.ts) may be there too
    expect(data.map((r) => r[col('Name')])).toEqual(expect.arrayContaining(['Kinderhaus Pegnitzwiese', 'Großtagespflege Kleine Entdecker']));
    const nbg = data.find((r) => r[col('Name')] === 'Kinderhaus Pegnitzwiese')!;
    expect(nbg[col('Ort')]).toBe('Nürnberg');
    expect(nbg[col('Straße')]).toBe('Wöhrder Hauptstraße 20');
    expect(nbg[col('PLZ')]).toBe('90489');
    expect(data.every((r) => r[col('Regierungsbezirk')] === 'Mittelfranken')).toBe(true);
    expect(nbg[col('Angelegt am')]).toMatch(/^\d{2}\.\d{2}\.\d{4}( \d{2}:\d{2})?/);
  }
});

test('admin opens a KiTa, its tabs and the merge dialog, then a person', async ({ pageAs }) => {
  allowTime(90_000);
  const page = await pageAs('admin');
  await page.goto('/verwaltung/kitas?q=Pegnitz');
  await page.getByRole('link', { name: 'Kinderhaus Pegnitzwiese' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kinderhaus Pegnitzwiese' })).toBeVisible();
  await expectAccessible(page, 'KiTa detail');
  await page.getByRole('button', { name: 'Stammdaten bearbeiten' }).click();
  await expect(page.getByRole('textbox', { name: /Postleitzahl/ })).toHaveValue('90489');
  await expectAccessible(page, 'KiTa master data form');
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  for (const tab of [/Mitglieder und Personal/, /Anmeldungen/, 'Verlauf']) {
    await page.getByRole('tab', { name: tab }).click();
    await expectAccessible(page, `KiTa tab ${String(tab)}`);
  }
  await page.getByRole('button', { name: 'Mit Duplikat zusammenführen' }).click();
  const merge = page.getByRole('dialog', { name: 'Mit Duplikat zusammenführen' });
  await merge.getByRole('searchbox', { name: /Doppelte KiTa suchen/ }).fill('Kinderhaus');
  await merge.getByRole('radio', { name: /Kinderhaus Sonnenschein/ }).check();
  await expect(merge.getByText('Vorschau')).toBeVisible();
  await expectAccessible(page, 'merge dialog');
  await merge.getByRole('button', { name: 'Abbrechen' }).click();

  await page.goto('/verwaltung/personen');
  await expect(page.getByRole('table', { name: 'Alle Personen und Benutzerkonten' })).toBeVisible();
  await expectAccessible(page, 'persons list');
  await page.getByRole('combobox', { name: 'Eintrag' }).selectOption('nur Benutzerkonto');
  await page
    .getByRole('button', { name: /Benutzerkonto von .* öffnen/ })
    .first()
    .click();
  const account = page.getByRole('dialog', { name: /Benutzerkonto von/ });
  await expect(account.getByRole('button', { name: /Verwaltungsrechte entziehen|Verwaltungsrechte geben/ })).toBeVisible();
  await expectAccessible(page, 'account dialog');
  await account.getByRole('button', { name: 'Schließen' }).click();
  await page.getByRole('combobox', { name: 'Eintrag' }).selectOption('Personal einer KiTa');
  await page.getByRole('table', { name: 'Alle Personen und Benutzerkonten' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Benutzerkonto' })).toBeVisible();
  await expectAccessible(page, 'person detail');
});

test('admin opens the enrolment on a KiTa’s behalf: the one enrolment form in a dialog, checked with axe, nothing saved', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/verwaltung/kitas?q=Mainkiesel');
  await page.getByRole('link', { name: 'Kindergarten Mainkiesel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kindergarten Mainkiesel' })).toBeVisible();
  await page.getByRole('tab', { name: /Anmeldungen/ }).click();
  await page.getByRole('button', { name: 'Für 2026/27 anmelden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anmeldung zu 2026/27' });
  await expect(dialog.getByRole('checkbox', { name: 'Die KiTa hat den Teilnahmebedingungen zugestimmt.' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Zu 2026/27 anmelden' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Die KiTa hat den Teilnahmebedingungen zugestimmt.' })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'enrol on behalf dialog');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
});
