import { startActiveCampaignStub, type ActiveCampaignStub } from '../server/testing/active-campaign-stub';
import { allowTime, demoAccounts, expect, expectAccessible, loginViaApi, loginWithFreshEnrolledKita, tabTo, test } from './fixtures';
import { activeCampaignStandInPort } from './stand-ins';

// issue 21: connect the portal to ActiveCampaign — here a stand-in of its API v3 on 127.0.0.1, started by this spec
// (never the internet) — test the connection, create a list, choose the list, dry run, sync, see the run finish. The
// stand-in is the portal's ACTIVECAMPAIGN_URL (playwright.config.ts): the operator's address, trusted as given.
// Issue 34: the whole walk by keyboard alone, each control reached with Tab from the one before (WCAG 2.1.1).

let stub: ActiveCampaignStub;
test.beforeAll(async () => {
  stub = await startActiveCampaignStub({ port: activeCampaignStandInPort });
});
test.afterAll(async () => {
  await stub.close();
});

test('an admin connects ActiveCampaign, tests it, runs a dry run and a sync, and sees the run finish, by keyboard alone', async ({ page }) => {
  allowTime(180_000);
  // the test's own account: a KiTa enrolled to the current season, newsletter consent given in /einstellungen' terms
  const fresh = await loginWithFreshEnrolledKita(page);
  expect((await page.request.put('/api/me/consents', { data: { newsletter: true } })).ok()).toBeTruthy();
  await page.request.delete('/api/logout');
  await loginViaApi(page, demoAccounts.admin);
  const before = await (await page.request.get('/api/admin/active-campaign/settings')).json();
  await page.goto('/verwaltung/active-campaign-integration');
  await expect(page.getByRole('heading', { level: 1, name: 'ActiveCampaign-Integration' })).toBeVisible();
  // demo data (SPEC §7): no account connected, and the page says how to connect one
  if (before.source === 'none') await expect(page.getByText('Noch kein ActiveCampaign-Konto verbunden')).toBeVisible();
  await expectAccessible(page, 'ActiveCampaign page');

  await tabTo(page, page.getByLabel('API-URL'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(stub.url);
  await tabTo(page, page.getByLabel('API-Schlüssel'));
  await page.keyboard.type(stub.key);
  const newList = page.getByRole('button', { name: 'Neue Liste anlegen' });
  // like the "Liste", a new one needs a tested connection
  await expect(newList).toBeDisabled();
  const testButton = page.getByRole('button', { name: 'Verbindung testen' });
  await tabTo(page, testButton);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Verbindung steht: \d+ Listen? gefunden/)).toBeVisible();
  await expect(testButton).toBeFocused();

  // "Neue Liste anlegen": Escape closes and focus returns to the button
  await tabTo(page, newList);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Neue Liste anlegen' });
  await expect(dialog.getByLabel('Name der Liste')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(newList).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Name der Liste')).toBeFocused();
  await expectAccessible(page, 'ActiveCampaign new list dialog');
  // no name: the message is at the field, which keeps the focus
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Bitte gib einen Namen für die Liste an.')).toBeVisible();
  await expect(dialog.getByLabel('Name der Liste')).toBeFocused();
  // a name the account already has: ActiveCampaign answers 422, the dialog says so in German
  await page.keyboard.type('Presse');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('In ActiveCampaign gibt es schon eine Liste mit diesem Namen.')).toBeVisible();
  await expect(dialog.getByLabel('Name der Liste')).toBeFocused();
  await expectAccessible(page, 'ActiveCampaign new list dialog with a message');
  const name = `Elternbrief ${Date.now()}`;
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Die Liste „${name}“ ist in ActiveCampaign angelegt und unter „Liste“ ausgewählt.`)).toBeVisible();
  const created = stub.lists().find((l) => l.name === name)!;
  expect(created).toBeTruthy();
  await expect(page.getByLabel('Liste', { exact: true })).toHaveValue(created.id);
  // the sync itself goes to the demo's newsletter list: the select's type-ahead
  const listSelect = page.getByLabel('Liste', { exact: true });
  await tabTo(page, listSelect);
  await page.keyboard.type('Newsletter');
  await expect(listSelect.locator('option:checked')).toHaveText('Newsletter KiTa-Portal');
  await tabTo(page, page.getByRole('button', { name: 'Speichern' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('ActiveCampaign-Einstellungen gespeichert.')).toBeVisible();
  // saving keeps the focus where it was (issue 34: the form was remounted and the focus fell to the top)
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeFocused();
  // the key is write-only: only its last 4 characters come back
  await expect(page.getByText(`endet. Leer lassen`)).toContainText(stub.key.slice(-4));
  await expectAccessible(page, 'ActiveCampaign connected');

  const requestsBeforeDryRun = stub.writes().length;
  await tabTo(page, page.getByRole('button', { name: 'Probelauf' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Probelauf von \d{2}\.\d{2}\.\d{4}.*: \d+ hinzufügen/)).toBeVisible();
  expect(stub.writes().length).toBe(requestsBeforeDryRun);
  await expectAccessible(page, 'ActiveCampaign dry run');

  // the run's state shows under the button, announced; the old dry run is gone; the focus stays
  const sync = page.getByRole('button', { name: 'Jetzt synchronisieren' });
  await tabTo(page, sync);
  await page.keyboard.press('Enter');
  const status = page.getByRole('status').filter({ hasText: /Synchronisierung/ });
  await expect(status).toContainText(/Synchronisierung (läuft|fertig)/);
  await expect(page.getByText(/^Probelauf von/)).toHaveCount(0);
  await expect(sync).toBeFocused();
  const runs = page.getByRole('table', { name: 'Synchronisierungen' });
  await expect(runs.getByRole('row').nth(1)).toContainText(/läuft|fertig/);
  await expect(runs.getByRole('row').nth(1)).toContainText('fertig', { timeout: 150_000 });
  await expect(status).toContainText(/Synchronisierung fertig.*hinzugefügt/);
  expect(stub.contactByEmail(fresh.email)).toMatchObject({ firstName: 'Greta', lastName: 'Garten' });
  expect(stub.tagsOf(fresh.email)).toEqual(
    expect.arrayContaining(['KiTa-Portal', 'KiTa-Portal: angemeldet im aktuellen KiTa-Jahr', 'KiTa-Portal: Regierungsbezirk Mittelfranken']),
  );
  expect(stub.listStatusOf(fresh.email)).toBe('1');
  // einstellungen@ has not decided on the newsletter: never synced
  expect(stub.contactByEmail(demoAccounts.einstellungen)).toBeUndefined();
  await tabTo(page, runs.getByRole('button', { name: 'Protokoll anzeigen' }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Protokoll' })).toContainText('Fertig:');
  await expectAccessible(page, 'ActiveCampaign run finished');
});
