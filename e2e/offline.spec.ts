import { demoAccounts, expect, expectAccessible, loginViaForm, test } from './fixtures';
import { expectErrorNotification } from './shell-helpers';

// issue 19, defect 1: with the network gone (or a deploy that removed the old chunk files) the portal shows seed §8's
// network message and a page that offers "Neu laden", never a blank page.

const OFFLINE_TEXT = 'Bist du offline?';

// each test loads pages, fails requests on purpose and runs axe several times: slow on the shared machine
test.slow();

test('offline, a page not visited yet: the network notification and "Neu laden", not a blank page', async ({ pageAs }) => {
  const page = await pageAs('eineKita');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.context().setOffline(true);

  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Stammdaten' }).click();

  await expectErrorNotification(page, OFFLINE_TEXT);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Diese Seite konnte nicht geladen werden.' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Neu laden' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await expectAccessible(page, 'offline, unvisited page');

  // back online, "Noch einmal versuchen" loads the page after all
  await page.context().setOffline(false);
  await main.getByRole('button', { name: 'Noch einmal versuchen' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Stammdaten' })).toBeVisible();
});

test('offline on /login: the first notification still shows (without its lazily loaded container)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.context().setOffline(true);
  await loginViaForm(page, demoAccounts.eineKita);
  // hovered by the helper, its countdown holds still (WCAG 2.2.1) while axe looks at it
  const note = await expectErrorNotification(page, OFFLINE_TEXT);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await expectAccessible(page, 'offline login');
  await note.getByRole('button', { name: 'Meldung schließen' }).click();
  await expect(note).toBeHidden();
  await page.context().setOffline(false);
});

test('after a deploy the old chunk files are gone (404): "Neu laden" on the page and the new-version notice', async ({ pageAs }) => {
  const page = await pageAs('eineKita');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // the server now runs a newer build: its files have other names, and the ping says so
  await page.route('**/assets/**', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '' }));
  await page.route('**/api/ping', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), version: '9.9.9+20270101T000000Z' } });
  });

  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Personal' }).click();

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Diese Seite konnte nicht geladen werden.' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Neu laden' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Es gibt eine neue Version des Portals.' })).toBeVisible();
  await expectAccessible(page, 'old deploy, missing chunk');

  // "Neu laden" loads the new build: the page is there
  await page.unroute('**/assets/**');
  await main.getByRole('button', { name: 'Neu laden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Personal' })).toBeVisible();
});
