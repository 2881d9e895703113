import { mkdirSync } from 'node:fs';
import { expect, expectAccessible, test } from './fixtures';

// Issue 38: "Nächstes KiTa-Jahr vorbereiten" (its preview only: it writes nothing) and "Aufbewahrung und Löschung",
// read-only against the demo data.
const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

for (const width of [1280, 320]) {
  test(`season end: the next KiTa-Jahr's preview and the retention page (${width} px)`, async ({ pageAs }) => {
    const page = await pageAs('admin');
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/verwaltung/kita-jahre');
    await page.getByRole('button', { name: 'Nächstes KiTa-Jahr vorbereiten (nach 2026/27)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nächstes KiTa-Jahr vorbereiten' });
    await expect(dialog.getByText(/Aus 2026\/27 wird 2027\/28 angelegt/)).toBeVisible();
    await expect(dialog.getByText(/^Fortbildung „.*“: .* → /).first()).toBeVisible();
    // every example as the admin reads it: the same weekday and wall-clock time, 52 weeks on (also across the change
    // of summer time between the two dates)
    const examples = await dialog.getByText(/ → /).allTextContents();
    expect(examples.length).toBeGreaterThan(0);
    for (const line of examples) {
      const m = /: (\w\w)\., (\d\d)\.(\d\d)\.(\d{4}), (\d\d:\d\d) Uhr → (\w\w)\., (\d\d)\.(\d\d)\.(\d{4}), (\d\d:\d\d) Uhr$/.exec(line);
      expect(m, line).not.toBeNull();
      const [, dayFrom, d1, m1, y1, timeFrom, dayTo, d2, m2, y2, timeTo] = m!;
      expect(dayTo, line).toBe(dayFrom);
      expect(timeTo, line).toBe(timeFrom);
      const days = (Date.UTC(+y2!, +m2! - 1, +d2!) - Date.UTC(+y1!, +m1! - 1, +d1!)) / 86_400_000;
      expect(days, line).toBe(364);
    }
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: `${shots}/prepare-next-${width}.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.goto('/verwaltung');
    await page.getByRole('list', { name: 'Bereiche der Verwaltung' }).getByRole('link', { name: 'Aufbewahrung und Löschung' }).click();
    await expect(page).toHaveURL(/\/verwaltung\/datenpflege\/aufbewahrung$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aufbewahrung und Löschung' })).toBeVisible();
    const rules = page.getByRole('table', { name: 'Regeln, Fristen und was in den nächsten 30 Tagen fällig wird' });
    await expect(rules.getByRole('row')).toHaveCount(8);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Jetzt ausführen' }).click();
    await expect(page.getByRole('dialog', { name: 'Löschung jetzt ausführen?' })).toBeVisible();
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: `${shots}/retention-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Abbrechen' }).click();
  });
}
