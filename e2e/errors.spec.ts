import { demoAccounts, expect, expectAccessible, loginViaForm, test } from './fixtures';
import { expectErrorNotification, SUPPORT_EMAIL } from './shell-helpers';

// seed §8 shared error notification (504, 511, reason.message) and the 404s of seed §2 / SPEC §3.

test('504 on a call: the gateway text with the support e-mail, red, at the top, with a progress bar', async ({ page }) => {
  await page.route('**/api/login', (route) => route.fulfill({ status: 504, body: '' }));
  await page.goto('/login');
  await loginViaForm(page, demoAccounts.eineKita);
  await expectErrorNotification(
    page,
    'Entschuldige, unsere Server scheinen gerade nicht erreichbar zu sein.',
    'Nutzt du einen Proxy?',
    SUPPORT_EMAIL,
  );
  await expect(page).toHaveURL(/\/login$/);
});

test('511 on a call: the network-login text', async ({ page }) => {
  await page.route('**/api/login', (route) => route.fulfill({ status: 511, body: '' }));
  await page.goto('/login');
  await loginViaForm(page, demoAccounts.eineKita);
  await expectErrorNotification(page, 'Hast du dich schon im Netzwerk angemeldet?', 'öffentlichen WLANs');
});

test('500 with reason.message: intro, the caller text and the server message', async ({ page }) => {
  const reason = { message: 'Die Datenbank macht gerade eine Pause.', code: 'internal' };
  await page.route('**/api/login', (route) => route.fulfill({ status: 500, json: { reason } }));
  await page.goto('/login');
  await loginViaForm(page, demoAccounts.eineKita);
  // three parts: intro line, what failed (the caller's text), the server's reason.message
  await expectErrorNotification(page, 'Das Anmelden hat nicht geklappt.', reason.message);
});

test('an unknown path shows the German 404 page inside the layout, also when logged in', async ({ pageAs }) => {
  const page = await pageAs('eineKita');
  await page.goto('/stammdaten/gibt/es/nicht');
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Diese Seite gibt es nicht');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeAttached();
  await expectAccessible(page, '404 logged in');
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown /api path answers JSON 404 in the SPEC §3 format', async ({ request }) => {
  for (const res of [await request.get('/api/gibt-es-nicht'), await request.get('/api/facilities/1/gibt-es-nicht')]) {
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('application/json');
    const body = await res.json();
    expect(body).toEqual({ reason: { message: expect.any(String), code: 'not_found' } });
    expect(body.reason.message).not.toMatch(/not found/i);
  }
});
