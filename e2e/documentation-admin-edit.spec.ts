import { demoAccounts, expect, expectAccessible, loginViaApi, test } from './fixtures';

// Issue 12: admins may always change a KiTa's answers, also after it submitted (SPEC §2). From the form's page
// "Antworten bearbeiten" opens the KiTa's own form, autosaved and audited, without "Einreichen"; the form's page then
// shows the change. Waldkindergarten Isarauen (submitted in the demo data; no other spec changes it).

test("an admin corrects an answer of a submitted form, and the form's page shows it", async ({ page }) => {
  await loginViaApi(page, demoAccounts.admin);
  await page.goto('/verwaltung/dokuboegen/2026-27');
  await page.getByRole('row').filter({ hasText: 'Waldkindergarten Isarauen' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waldkindergarten Isarauen' })).toBeVisible();

  await page.getByRole('link', { name: 'Antworten bearbeiten' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumentationsbogen bearbeiten' })).toBeVisible();
  await expect(page.getByText('Du bearbeitest die Antworten als Verwaltung')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Einreichen' })).toHaveCount(0);
  await expectAccessible(page, 'admin edits a form');

  const groups = page.getByRole('textbox', { name: /^Teilnehmende Gruppen/ });
  await expect(groups).toHaveValue('Waldgruppe');
  await groups.fill('Waldgruppe und Vorschulkinder');
  await expect(page.getByText(/^Gespeichert um \d\d:\d\d$/).first()).toBeVisible({ timeout: 15_000 });

  await page.getByRole('link', { name: 'Zurück zum Dokumentationsbogen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waldkindergarten Isarauen' })).toBeVisible();
  await expect(page.getByText('Waldgruppe und Vorschulkinder')).toBeVisible();
  await expect(page.getByText('Status: eingereicht')).toBeVisible();
});
