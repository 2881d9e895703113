import type { Page } from '@playwright/test';
import { allowTime, expect, expectAccessible, focusWhenReady, test } from './fixtures';

/*
 * Issue 19, defect 7: six admin lists scrolled sideways at 1280 px and Personen showed the first name twice. Each list
 * now has default columns that fit, a "Spalten" chooser for the rest (remembered per admin), and at 320 px the
 * table still scrolls inside its own named region, never the page.
 */
const lists = [
  { path: '/verwaltung/kitas', table: 'Alle KiTas' },
  { path: '/verwaltung/personen', table: 'Alle Personen und Benutzerkonten' },
  { path: '/verwaltung/kita-jahre', table: 'Alle KiTa-Jahre' },
  { path: '/verwaltung/team-workshops', table: 'Anträge auf einen Team-Workshop' },
  { path: '/verwaltung/auszeichnungsverantaltungen', table: 'Auszeichnungsveranstaltungen' },
  { path: '/verwaltung/dokuboegen/2026-27', table: 'Dokumentationsbögen des KiTa-Jahres 2026/27' },
];

/** the table's scroll region: its content width against its own width, and the page's */
const widths = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).evaluate((t) => {
    const region = t.closest<HTMLElement>('.mantine-TableScrollContainer-scrollContainer')!;
    return { content: region.scrollWidth, region: region.clientWidth, page: document.documentElement.scrollWidth, focusable: region.tabIndex === 0 };
  });

test('at 1280 px the six admin lists fit without scrolling sideways; the column chooser is accessible', async ({ pageAs }) => {
  allowTime(180_000);
  const page = await pageAs('admin');
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const { path, table } of lists) {
    await page.goto(path);
    await expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toBeVisible();
    const w = await widths(page, table);
    expect(w.content, `${path}: table width within its region (${w.region} px)`).toBeLessThanOrEqual(w.region);
    expect(w.page, `${path}: page width`).toBeLessThanOrEqual(1280);
    const chooser = page.getByRole('button', { name: /^Spalten/ });
    await chooser.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('group', { name: 'Angezeigte Spalten' })).toBeVisible();
    await expectAccessible(page, `${path} with the column chooser open`);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(chooser).toBeFocused();
  }
});

test('Personen names each name once; a column shown with „Spalten“ stays shown after a reload, until the defaults come back', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/verwaltung/personen');
  const table = page.getByRole('table', { name: 'Alle Personen und Benutzerkonten' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Nachname▲', 'Vorname↕', 'E-Mail↕', 'KiTa↕', 'Funktion↕', 'Konto']);

  await page.goto('/verwaltung/kitas');
  const kitas = page.getByRole('table', { name: 'Alle KiTas' });
  await expect(kitas.getByRole('columnheader', { name: 'Träger' })).toHaveCount(0);
  // by keyboard: the button, Enter, the checkbox, Space
  await focusWhenReady(page.getByRole('button', { name: 'Spalten (3 ausgeblendet)' }));
  await page.keyboard.press('Enter');
  await page.getByRole('checkbox', { name: 'Träger' }).focus();
  await page.keyboard.press('Space');
  await expect(kitas.getByRole('columnheader', { name: 'Träger' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(kitas.getByRole('columnheader', { name: 'Träger' })).toBeVisible();
  await page.getByRole('button', { name: 'Spalten (2 ausgeblendet)' }).click();
  await page.getByRole('button', { name: 'Standardspalten zeigen' }).click();
  await expect(kitas.getByRole('columnheader', { name: 'Träger' })).toHaveCount(0);
});

test('at 320 px each list still scrolls inside its named, keyboard-reachable region, never the page', async ({ pageAs }) => {
  allowTime(120_000);
  const page = await pageAs('admin');
  await page.setViewportSize({ width: 320, height: 800 });
  for (const { path, table } of lists) {
    await page.goto(path);
    await expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toBeAttached();
    const w = await widths(page, table);
    expect(w.page, `${path}: page width`).toBeLessThanOrEqual(320);
    expect(w.content, `${path}: the table scrolls in its region`).toBeGreaterThan(w.region);
    expect(w.focusable, `${path}: region reachable by keyboard`).toBe(true);
    // the chooser stays within the window's width (not behind the table's sideways scroll)
    // (measured once its popover has come: until then an inert stand-in of the same size is in its place)
    const chooser = page.getByRole('button', { name: /^Spalten/ });
    await expect(chooser).not.toHaveAttribute('inert');
    const box = (await chooser.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 320, `${path}: „Spalten“ within 320 px`).toBe(true);
  }
  await expectAccessible(page, 'Dokumentationsbögen at 320 px');
});
