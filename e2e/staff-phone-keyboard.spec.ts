import type { Locator, Page } from '@playwright/test';
import { bookViaApi } from './booking-helpers';
import { expect, expectAccessible, expectAccessibleWith, loginWithFreshEnrolledKita, test } from './fixtures';

// Issue 34, "Staff on a phone, keyboard and screen readers": the KiTa's bookings on a phone, the documentation form's
// gaps, the admin "Aktionen …" menus by keyboard, the mobile menu button's name, and axe with each menu and dialog open.

/** horizontally inside the window (0 … width) */
async function insideWindow(page: Page, element: Locator) {
  const box = (await element.boundingBox())!;
  const width = page.viewportSize()!.width;
  return box.x >= 0 && box.x + box.width <= width;
}

for (const width of [390, 320]) {
  test(`given a booking, at ${width} px "Unsere Anmeldungen" shows its state and "Stornieren" without sideways scrolling`, async ({
    page,
    baseURL,
  }) => {
    await loginWithFreshEnrolledKita(page, 'E2E-Kita Telefon');
    const booked = await bookViaApi(page, baseURL, 'training');
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/fortbildungen');
    const table = page.getByRole('table', { name: 'Unsere Anmeldungen' });
    const row = table.getByRole('row').filter({ hasText: booked.personName });
    await expect(row).toHaveCount(1);
    const state = row.getByText(/^(bestätigt|Warteliste Platz \d+)$/);
    const cancel = row.getByRole('button', { name: 'Stornieren', exact: true });
    await cancel.scrollIntoViewIfNeeded();
    expect(await insideWindow(page, state), 'the state in the window').toBe(true);
    expect(await insideWindow(page, cancel), '"Stornieren" in the window').toBe(true);
    // the table's scroll region has nothing to scroll sideways, nor has the page
    const region = page.getByRole('group', { name: 'Unsere Anmeldungen' });
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // the button keeps its name; its row's title and date describe it
    const title = booked.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(cancel).toHaveAccessibleDescription(new RegExp(`^${title} \\d\\d\\.\\d\\d\\.\\d{4}, \\d\\d:\\d\\d Uhr ${booked.personName}$`));
    // the mobile menu button by both its names: it is renamed while open
    const menuButton = page.getByRole('button', { name: /^Navigation (öffnen|schließen)$/ });
    await expectAccessibleWith(page, [menuButton, cancel], `/fortbildungen at ${width} px`);
  });
}

test('the mobile menu button is named "Navigation schließen" while the navigation is open', async ({ page }) => {
  await loginWithFreshEnrolledKita(page, 'E2E-Kita Menü');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fortbildungen');
  await page.getByRole('button', { name: 'Navigation öffnen' }).click();
  const close = page.getByRole('button', { name: 'Navigation schließen' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await close.click();
  await expect(page.getByRole('button', { name: 'Navigation öffnen' })).toHaveAttribute('aria-expanded', 'false');
});

test('given gaps, "Einreichen" focuses the list of what is missing, with a visible ring, and no calendar opens', async ({ page }) => {
  await loginWithFreshEnrolledKita(page, 'E2E-Kita Lücken', {
    documentation: { projekttitel: 'Wasser ist Leben', themen: ['wasser'], gruppen: 'Vorschulgruppe Biber', anzahl_kinder: 18 },
  });
  await page.goto('/dokumentationsbogen');
  await expect(page.getByRole('textbox', { name: /^Titel des Projekts/ })).toHaveValue('Wasser ist Leben');
  await page.getByRole('button', { name: 'Einreichen' }).click();
  const summary = page.getByRole('group', { name: /^Bitte prüfe die \d+ markierten Felder\.$/ });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading', { level: 2 })).toHaveText(/^Bitte prüfe die \d+ markierten Felder\.$/);
  await expect(summary.getByRole('link', { name: /^Projektbeginn/ })).toBeVisible();
  // the date question keeps its calendar closed and its message in view
  await expect(page.getByRole('textbox', { name: /^Projektbeginn/ })).not.toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // focused by script after a mouse click, the ring still shows (not only on :focus-visible)
  const outline = await summary.evaluate((el) => getComputedStyle(el));
  expect(outline.outlineStyle).toBe('solid');
  expect(parseFloat(outline.outlineWidth)).toBeGreaterThanOrEqual(2);
  await expectAccessible(page, '/dokumentationsbogen with its gaps');
  // a link of the list leads to its question
  await summary
    .getByRole('link', { name: /^Titel des Projekts|^Teilnehmende Gruppen|^Projektbeginn/ })
    .first()
    .click();
  await expect(page.locator(':focus')).toHaveAttribute('aria-invalid', 'true');
});

for (const path of ['/verwaltung/fortbildungen', '/verwaltung/hospitationen']) {
  test(`${path}: "Aktionen …" opened with Enter focuses its first item; axe passes with every menu and dialog open`, async ({ pageAs }) => {
    const page = await pageAs('admin');
    await page.goto(path);
    const actions = page.getByRole('button', { name: /^Aktionen für/ }).first();
    await actions.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    const focused = page.locator(':focus');
    await expect(focused).toHaveRole('menuitem');
    await expect(focused).toHaveText('Bearbeiten');
    expect((await focused.boundingBox())!.height, 'the focused item is visible').toBeGreaterThan(16);
    await expectAccessible(page, `${path} with "Aktionen …" open`);
    await page.keyboard.press('Escape');
    await expect(actions).toBeFocused();
    await expectAccessibleWith(page, [
      actions,
      page.getByRole('button', { name: /^Spalten/ }),
      page.getByRole('button', { name: /^(Neuer Fortbildungstermin|Neue Hospitation)$/ }),
    ]);
  });
}

test('"Stammdaten bearbeiten → Abbrechen" puts the focus back on "Stammdaten bearbeiten"', async ({ page }) => {
  await loginWithFreshEnrolledKita(page, 'E2E-Kita Stammdaten');
  await page.goto('/stammdaten');
  await page.getByRole('button', { name: 'Stammdaten bearbeiten' }).click();
  // by keyboard: the focus ring shows where the focus went back to
  await page.getByRole('form', { name: 'Stammdaten bearbeiten' }).getByRole('button', { name: 'Abbrechen' }).focus();
  await page.keyboard.press('Enter');
  const opener = page.getByRole('button', { name: 'Stammdaten bearbeiten' });
  await expect(opener).toBeFocused();
  expect(await opener.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Stammdaten' })).not.toBeFocused();
});
