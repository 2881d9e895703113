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
