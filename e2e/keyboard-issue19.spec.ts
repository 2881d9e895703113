import type { FileChooser, Page } from '@playwright/test';
import { bookViaApi } from './booking-helpers';
import { allowTime, expect, expectAccessible, loginWithFreshEnrolledKita, tabTo, test } from './fixtures';

/*
 * Issue 19 defect 5, by keyboard: Enter on "Dateien auswählen" opens the file chooser (it did only with Space); the
 * documentation form's sticky save bar never covers the focused element; after "Ja, stornieren" focus goes to the
 * bookings table, not to the page heading.
 */

/** the focused element's box and the top edge of the save bar (the sticky box around "Einreichen") */
const focusAndBar = (page: Page) =>
  page.evaluate(() => {
    const submit = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Einreichen');
    let bar: HTMLElement | null = submit ?? null;
    while (bar && getComputedStyle(bar).position !== 'sticky') bar = bar.parentElement;
    const el = document.activeElement as HTMLElement | null;
    if (!bar) throw new Error('no sticky save bar around "Einreichen"');
    if (!el || bar.contains(el) || el === document.body) return null;
    const box = el.getBoundingClientRect();
    return {
      name: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName,
      bottom: box.bottom,
      top: box.top,
      barTop: bar.getBoundingClientRect().top,
    };
  });

for (const { width, height } of [
  { width: 1280, height: 720 },
  { width: 320, height: 640 },
]) {
  test(`documentation form at ${width} px: Tab never lands behind the save bar, Enter opens the file chooser`, async ({ page }) => {
    allowTime(120_000);
    // listening from the start turns on Playwright's file-chooser interception long before the Enter: waiting only
    // for the Enter's chooser raced it, and a chooser opened before the interception was on never came as an event
    // (CI: the button focused, Enter pressed, no event for 4 minutes; the retry passed)
    const choosers: FileChooser[] = [];
    page.on('filechooser', (chooser) => choosers.push(chooser));
    await page.setViewportSize({ width, height });
    // a KiTa of its own: the demo KiTa's form is submitted and decided by the documentation spec
    await loginWithFreshEnrolledKita(page);
    await page.goto('/dokumentationsbogen');
    await expect(page.getByRole('heading', { level: 1, name: 'Dokumentationsbogen' })).toBeVisible({ timeout: 20_000 });
    const submit = page.getByRole('button', { name: 'Einreichen' });
    await expect(submit).toBeVisible();
    const covered: string[] = [];
    let reached = false;
    for (let i = 0; i < 250 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await submit.evaluate((el) => el === document.activeElement);
      const seen = await focusAndBar(page);
      // hidden file inputs and the like have no box; everything else must end above the bar
      if (seen && seen.bottom > seen.top && seen.bottom > seen.barTop + 0.5)
        covered.push(`${seen.name} (${Math.round(seen.bottom)} > ${Math.round(seen.barTop)})`);
    }
    expect(reached, 'Einreichen reached by Tab').toBe(true);
    expect(covered).toEqual([]);

    const choose = page.getByRole('group', { name: /^Fotos aus dem Projekt/ }).getByRole('button', { name: 'Dateien auswählen' });
    await choose.focus();
    // the Enter goes to the button only once it holds the focus
    await expect(choose).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => choosers.length).toBe(1);
    expect(choosers[0]!.isMultiple()).toBe(true);
  });
}

test('after "Ja, stornieren" focus is on the bookings table, not the page heading', async ({ page, baseURL }) => {
  allowTime(90_000);
  // a KiTa of its own books and cancels: the demo KiTas are for reading
  await loginWithFreshEnrolledKita(page, 'E2E-Kita Storno');
  const booked = await bookViaApi(page, baseURL, 'training');
  await page.goto('/fortbildungen');
  const table = page.getByRole('table', { name: 'Unsere Anmeldungen' });
  const row = table.getByRole('row').filter({ hasText: booked.title }).filter({ hasText: booked.personName });
  const cancel = row.getByRole('button', { name: 'Stornieren' });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Anmeldung stornieren?' });
  await expect(dialog).toBeVisible();
  // the dialog puts the focus on "Abbrechen" once it has opened: a Tab before that went to the page behind it (seen in CI)
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Ja, stornieren' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: 'Stornieren' })).toHaveCount(0);
  await expect(table).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
  await expectAccessible(page, 'bookings table focused after cancelling');
});
