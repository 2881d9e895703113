import { expect, expectAccessible, test } from './fixtures';

// Keyboard use of the shell: skip link and navigation (the login by keyboard is in session.spec.ts, the dialogs
// by keyboard in guards.spec.ts).

test('the skip link "Zum Inhalt springen" is the first Tab stop and moves focus to the main content', async ({ pageAs }) => {
  const page = await pageAs('eineKita');
  await expect(page.getByRole('heading', { level: 1, name: 'Start' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectAccessible(page, 'skip link focused');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('every navigation link is reachable by Tab, in order, and Enter opens it', async ({ pageAs }) => {
  const page = await pageAs('eineKita');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Fortbildungen' })).toBeVisible();
  const expected = await nav.getByRole('link').allTextContents();
  expect(expected).toEqual(expect.arrayContaining(['Start', 'Stammdaten', 'Personal', 'Fortbildungen', 'Einstellungen']));
  const reached: string[] = [];
  for (let i = 0; i < 40 && reached.length < expected.length; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement;
      return el?.closest('nav[aria-label="Hauptnavigation"]') ? (el.textContent ?? '').trim() : null;
    });
    if (name !== null) reached.push(name);
  }
  expect(reached).toEqual(expected);
  // back with Shift+Tab to Stammdaten: Enter opens it and focus moves to the new page's heading
  const stammdaten = nav.getByRole('link', { name: 'Stammdaten' });
  for (let i = 0; i < 15 && !(await stammdaten.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/stammdaten$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stammdaten' })).toBeFocused();
});
