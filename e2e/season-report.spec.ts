import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { answerLate, busyAfterNextChange, expect, expectAccessible, stepSeasonSwitch, test } from './fixtures';
import { libreOfficeSheetsToCsv } from './spreadsheets';

// Issue 22: the season report /verwaltung/auswertung, read-only against the demo data.
const sections = [
  'Von der Anmeldung zur Auszeichnung',
  'Teilnehmende KiTas',
  'Erreichte Kinder und Mitarbeitende',
  'Fortbildungen und Hospitationen',
  'Team-Workshops',
  'Auszeichnungsveranstaltungen',
  'Im Vergleich mit früheren KiTa-Jahren',
];
const sheets = [
  'Anmeldung bis Auszeichnung',
  'Teilnehmende KiTas',
  'Kinder und Mitarbeitende',
  'Fortbildungen, Hospitationen',
  'Team-Workshops',
  'Auszeichnungsveranstaltungen',
  'Vergleich',
];

for (const width of [1280, 320]) {
  test(`season report: every section a chart with the table of its numbers (${width} px)`, async ({ pageAs }) => {
    const page = await pageAs('admin');
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/verwaltung');
    await page.getByRole('list', { name: 'Bereiche der Verwaltung' }).getByRole('link', { name: 'Auswertung' }).click();
    await expect(page).toHaveURL(/\/verwaltung\/auswertung$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Auswertung KiTa-Jahr 2026/27' })).toBeVisible();
    for (const name of sections) {
      const section = page.getByRole('region', { name });
      await expect(section.getByRole('table').first()).toBeVisible();
      // the chart is there (its code loads with this page) and drawn
      await expect(
        section
          .getByRole('img', { name: /^Diagramm zu „/ })
          .first()
          .locator('svg.recharts-surface')
          .first(),
      ).toBeVisible();
    }
    const funnel = page.getByRole('region', { name: sections[0] }).getByRole('table');
    await expect(funnel.getByRole('columnheader')).toHaveText([
      'Regierungsbezirk',
      'angemeldet',
      'Dokumentation eingereicht',
      'genehmigt',
      'ausgezeichnet',
    ]);
    await expect(funnel.getByRole('rowheader')).toContainText(['Oberbayern', 'Schwaben', 'Summe']);
    await expectAccessible(page, `season report ${width}`);
    // no sideways scrolling of the page at 320 px (WCAG 1.4.10): wide tables scroll in their own region
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("season report: the XLSX has a sheet per section, LibreOffice reads the page's numbers back", async ({ pageAs }, testInfo) => {
  const page = await pageAs('admin');
  const dir = testInfo.outputPath('report');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'auswertung.xlsx');
  /** the page's sum row and comparison, as shown */
  async function readPage() {
    await page.goto('/verwaltung/auswertung?season=2026-27');
    const funnelTotal = page.getByRole('region', { name: sections[0] }).getByRole('table').locator('tfoot tr');
    await expect(funnelTotal).toBeVisible();
    const sums = (await funnelTotal.locator('th, td').allTextContents()).map((t) => t.trim());
    const comparison = page.getByRole('region', { name: sections[6] }).getByRole('table').locator('tbody tr');
    const rows = await comparison.evaluateAll((trs) => trs.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent!.trim())));
    return { sums, rows };
  }
  // the other workers' tests enrol and book in the same season meanwhile: the file is compared with the page only
  // when the page showed the same numbers before and after its download (at most three tries)
  let shown = await readPage();
  for (let attempt = 1; ; attempt++) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Als Excel (XLSX) exportieren' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^auswertung-2026-27-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await download.saveAs(file);
    const after = await readPage();
    if (JSON.stringify(after) === JSON.stringify(shown) || attempt === 3) break;
    shown = after;
  }
  const shownComparison = shown.rows;
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');

  const book = libreOfficeSheetsToCsv(file, dir, sheets);
  expect([...book.keys()]).toEqual(sheets);
  // the sum row of the funnel: the same numbers as on the page (number cells, shown without thousands separators)
  const funnelSheet = book.get('Anmeldung bis Auszeichnung')!;
  const sumRow = funnelSheet.find((r) => r[0] === 'Summe')!;
  expect(sumRow.map((c) => c.replace(/\./g, ''))).toEqual(shown.sums.map((c) => c.replace(/\./g, '')));
  expect(funnelSheet[0]![0]).toBe('Von der Anmeldung zur Auszeichnung – KiTa-Jahr 2026/27');
  // the comparison: imported years, the portal's year; where the page reads "keine Daten" the file's number cell is
  // empty (its note gives the reason), so no word stands in a column of numbers
  const compared = book.get('Vergleich')!.filter((r) => /^KiTa-Jahr \d{4}\/\d{2}$/.test(r[0] ?? ''));
  const asInFile = (c: string) => (c === 'keine Daten' ? '' : c.replace(/\./g, ''));
  expect(shownComparison.some((r) => r.includes('keine Daten'))).toBe(true);
  expect(compared.map((r) => r.slice(0, 7))).toEqual(shownComparison.map((r) => r.map(asInFile)));
  expect(compared.some((r) => r.includes('keine Daten'))).toBe(false);
});

test('season report on paper: A4, no navigation, a new page for each section', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/verwaltung/auswertung');
  await expect(page.getByRole('region', { name: sections[6] }).getByRole('img').locator('svg.recharts-surface').first()).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  // (the accessibility tree leaves hidden elements out: ask the DOM)
  const navs = await page.locator('nav').all();
  expect(navs.length).toBeGreaterThan(0);
  for (const nav of navs) await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Drucken' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Auswertung KiTa-Jahr 2026/27' })).toBeVisible();
  const breaks = await page
    .getByRole('region')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .evaluateAll((els) => els.map((el) => getComputedStyle(el).breakBefore));
  expect(breaks).toEqual(sections.map((_, i) => (i === 0 ? 'auto' : 'page')));
  // Chromium's own print: at least one A4 page per section
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  expect(pages).toBeGreaterThanOrEqual(sections.length);
  await page.emulateMedia({ media: 'screen' });
});

test('season report: a season before the portal reads "keine Daten", its imported history in the comparison', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/verwaltung/auswertung');
  // by keyboard: an arrow key steps to the previous season, the report follows, focus stays on the switch (WCAG 3.2.2)
  // the previous season's figures take 2 s to come, as on a slow line or a busy server: longer than the router waits
  // before it shows its loading page (1 s), which once replaced the page and took the focus with it (CI, under load)
  await answerLate(page, '**/api/admin/season-report/2025-26', 2000);
  // and the browser busy for 1.5 s right after the switch changed (CI under load, still drawing the charts): the router
  // shows its loading page, React hides the page meanwhile and the browser took the focus off the switch
  await expect(page.getByRole('heading', { level: 1, name: 'Auswertung KiTa-Jahr 2026/27' })).toBeVisible();
  await busyAfterNextChange(page, 1500);
  const seasonSwitch = await stepSeasonSwitch(page, 'ArrowDown', '2025-26', '2025/26');
  await seasonSwitch.selectOption({ label: 'KiTa-Jahr 2023/24' });
  await expect(page).toHaveURL(/\?season=2023-24$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Auswertung KiTa-Jahr 2023/24' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: sections[0] }).getByText('keine Daten: Für das KiTa-Jahr 2023/24 gibt es im Portal keine Daten.'),
  ).toBeVisible();
  const row = page.getByRole('region', { name: sections[6] }).getByRole('row', { name: /KiTa-Jahr 2023\/24/ });
  await expect(row).toContainText('importiert');
  await expect(row).toContainText('keine Daten');
  await expectAccessible(page, 'season report of an imported season');
});
