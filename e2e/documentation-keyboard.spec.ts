import { allowTime, demoAccounts, expect, expectAccessible, loginViaApi, tabTo, test } from './fixtures';

// Issue 12, by keyboard alone (WCAG 2.1.1): the template editor's reordering, options and preview, and the jury's
// way from the list to a form's review. Every control is reached with Tab from the top of the page, used with Enter, Space or the arrow keys,
// and the focus stays where the work goes on. Nothing is saved: the demo template and reviews stay as they are.

test('template editor: move a question down and up again, add an option, open and close the preview, leave with unsaved changes, all by keyboard', async ({
  page,
}) => {
  // the editor of the default template is a long page: a few hundred Tab presses and five axe runs
  allowTime(240_000);
  await loginViaApi(page, demoAccounts.admin);
  await page.goto('/verwaltung/dokuboegen/2026-27/vorlage');
  await expect(page.getByRole('heading', { level: 1, name: 'Vorlage des Dokumentationsbogens 2026/27' })).toBeVisible();
  await expectAccessible(page, 'template editor');

  // issue 19: several sections start closed; the table of contents jumps to one (opens it, focus on its button)
  const toc = page.getByRole('navigation', { name: 'Inhalt der Vorlage' });
  const scaleLink = toc.getByRole('link', { name: 'Bewertungsskala der Jury' });
  await tabTo(page, scaleLink);
  await page.keyboard.press('Enter');
  const scale = page.getByRole('button', { name: 'Bewertungsskala der Jury' });
  await expect(scale).toBeFocused();
  await expect(scale).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('textbox', { name: 'Beteiligung der Kinder: 5 Punkte' })).not.toHaveValue('');
  await expectAccessible(page, 'template editor: score scale open');
  // the disclosure closes with Enter again
  await page.keyboard.press('Enter');
  await expect(scale).toHaveAttribute('aria-expanded', 'false');
  // section 1 opens by its disclosure button
  const section1 = page.getByRole('button', { name: /^Abschnitt 1 „Euer Projekt“ · \d+ Fragen$/ });
  await expect(section1).toHaveAttribute('aria-expanded', 'false');
  await section1.focus();
  await page.keyboard.press('Space');
  await expect(section1).toHaveAttribute('aria-expanded', 'true');
  // keys only behind "Erweitert"
  await expect(page.getByRole('textbox', { name: /^Schlüssel/ })).toHaveCount(0);
  const advanced = page.getByRole('button', { name: 'Erweitert: Frage 1.1 „Titel des Projekts“' });
  await advanced.focus();
  await page.keyboard.press('Enter');
  await expect(advanced).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('group', { name: 'Frage 1.1 „Titel des Projekts“' }).getByRole('textbox', { name: /^Schlüssel/ })).toHaveValue(
    'projekttitel',
  );
  await expectAccessible(page, 'template editor: section and Erweitert open');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1 }).click();

  // question 1.1 moves down with Enter; the focus stays on the moved question, the live region says where it is now
  const down = page.getByRole('button', { name: 'Nach unten: Frage 1.1 „Titel des Projekts“' });
  await tabTo(page, down);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Frage 1.2 „Titel des Projekts“' })).toBeVisible();
  await expect(page.getByText(/„Titel des Projekts“ ist jetzt an Position 2 von \d+\./)).toBeAttached();
  await expect(page.getByRole('button', { name: /: Frage 1\.2 „Titel des Projekts“$/ }).and(page.locator(':focus'))).toHaveCount(1);
  // and back up with Shift+Tab to its "Nach oben" and Space
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Nach oben: Frage 1.2 „Titel des Projekts“' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('group', { name: 'Frage 1.1 „Titel des Projekts“' })).toBeVisible();
  // at the top its "Nach oben" is disabled: the focus went to its "Nach unten"
  await expect(page.getByRole('button', { name: 'Nach unten: Frage 1.1 „Titel des Projekts“' })).toBeFocused();

  // an option of a choice question: added with Enter (focus in the new option's label), removed again
  const addOption = page.getByRole('button', { name: 'Option hinzufügen' }).first();
  await tabTo(page, addOption, 200);
  await page.keyboard.press('Enter');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('data-focus-id', /-label$/);
  await page.keyboard.type('Garten');
  await expect(focused).toHaveValue('Garten');

  // the preview opens with Enter, is checked with axe, closes with Escape, and the focus returns to its button
  const preview = page.getByRole('button', { name: 'Vorschau' });
  await tabTo(page, preview, 400);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'template preview');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(preview).toBeFocused();

  // the new option is not saved: leaving asks first ("Abbrechen" has the focus), then goes
  await page.getByRole('link', { name: 'Zur Liste der Dokumentationsbögen' }).click();
  const leave = page.getByRole('dialog', { name: 'Änderungen nicht gespeichert' });
  await expect(leave.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await expectAccessible(page, 'template editor: leave with unsaved changes');
  await page.keyboard.press('Tab');
  await expect(leave.getByRole('button', { name: 'Seite verlassen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/verwaltung\/dokuboegen\/2026-27$/);
});

test("jury: the list leads to a form and the review's points are chosen by keyboard alone", async ({ page }) => {
  await loginViaApi(page, demoAccounts.jury);
  // a submitted form the demo jury member has not reviewed yet (the other submitted one has a demo review)
  await page.goto('/verwaltung/dokuboegen/2026-27');
  const row = page.getByRole('row').filter({ hasText: 'Kinderkrippe Zwergerlstube' });
  const link = row.getByRole('link').first();
  await tabTo(page, link, 200);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kinderkrippe Zwergerlstube');
  await expectAccessible(page, 'jury detail by keyboard');

  const review = page.getByRole('form', { name: 'Deine Bewertung' });
  // each criterion is a fieldset of native radios (0–5 points), one name per criterion
  const first = review.getByRole('group').first();
  await expect(first).toBeVisible();
  // radios of one name are one tab stop; the arrow keys choose within them
  await tabTo(page, first.getByRole('radio').first(), 300);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(first.getByRole('radio', { checked: true })).toHaveCount(1);
  const chosen = await first.getByRole('radio', { checked: true }).getAttribute('value');
  expect(Number(chosen)).toBeGreaterThan(0);
  await page.keyboard.press('Tab');
  // the next element in tab order is in the next criterion, not another radio of the same group
  const next = page.locator(':focus');
  expect(await next.evaluate((el, group) => !group!.contains(el), await first.elementHandle())).toBe(true);
});

test('the KiTa-Jahr switch of the list steps through the seasons by arrow key, and keeps the focus (WCAG 3.2.2)', async ({ page }) => {
  await loginViaApi(page, demoAccounts.jury);
  await page.goto('/verwaltung/dokuboegen/2026-27');
  const seasonSwitch = page.getByRole('combobox', { name: 'KiTa-Jahr' });
  await tabTo(page, seasonSwitch);
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/\/verwaltung\/dokuboegen\/2025-26$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('2025/26');
  await expect(seasonSwitch).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL(/\/verwaltung\/dokuboegen\/2026-27$/);
  await expect(seasonSwitch).toBeFocused();
  await expectAccessible(page, 'documentation list after the season switch');
});
