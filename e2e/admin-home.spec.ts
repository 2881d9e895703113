import { expect, expectAccessible, test } from './fixtures';

// Issue 22: the admin home /verwaltung as a work list, read-only against the demo data.
const sections = [
  'Beitrittsanfragen',
  'Dokumentationsbögen',
  'Team-Workshops',
  'Wartelisten',
  'Freie Plätze in den nächsten 14 Tagen',
  'E-Mails',
  'Fristen in den nächsten 30 Tagen',
];

for (const width of [1280, 320]) {
  test(`admin home lists what needs doing, the areas below (${width} px)`, async ({ pageAs }) => {
    const page = await pageAs('admin');
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/verwaltung');
    await expect(page.getByRole('heading', { level: 1, name: 'Verwaltung' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Was ansteht' })).toBeVisible();
    for (const name of sections) await expect(page.getByRole('region', { name })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Bereiche der Verwaltung' }).getByRole('link', { name: 'KiTa-Jahre' })).toBeVisible();
    await expectAccessible(page, `admin home ${width}`);
    // no sideways scrolling at 320 px (WCAG 1.4.10)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('admin home: a documentation count opens the season list filtered to submitted forms', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/verwaltung');
  const docs = page.getByRole('region', { name: 'Dokumentationsbögen' });
  await expect(docs).toBeVisible();
  const link = docs.getByRole('link');
  test.skip((await link.count()) === 0, 'the demo data has no submitted form waiting');
  await link.first().click();
  await expect(page).toHaveURL(/\/verwaltung\/dokuboegen\/[0-9-]+\?state=submitted/);
  await expectAccessible(page, 'documentation list from the admin home');
});
