import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** SPEC §7: the demo accounts `npm run seed:demo` creates, all with the same password. */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Passwort-2026';
export const demoAccounts = {
  admin: 'admin@demo.example',
  ohneKita: 'ohne-kita@demo.example',
  eineKita: 'eine-kita@demo.example',
  nichtAngemeldet: 'nicht-angemeldet@demo.example',
  mehrereKitas: 'mehrere-kitas@demo.example',
  einstellungen: 'einstellungen@demo.example',
} as const;
export type DemoAccount = keyof typeof demoAccounts;

/**
 * WCAG 2.1 AA check with axe: fails on any serious or critical violation. Call it on every page a test opens and
 * again with each dialog open; the `page` fixture also runs it once more at the end of every test.
 */
export async function expectAccessible(page: Page, context = page.url()) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${context}`).toEqual([]);
}

/** Signs in through the API (the browser context shares the cookie), so a test starts on a logged-in page. */
export async function loginViaApi(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/login', { data: { email, password } });
  expect(res.ok(), `login as ${email}: HTTP ${res.status()}`).toBeTruthy();
  const body = await res.json();
  expect(body.success, `login as ${email}: ${body.msg}`).toBe(true);
}

/** Signs in through the login form, as a person would. */
export async function loginViaForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

type Fixtures = { pageAs: (account: DemoAccount) => Promise<Page>; axeAtEnd: void };

export const test = base.extend<Fixtures>({
  // A page logged in as one of the demo accounts, opened on the home page:
  //   test('…', async ({ pageAs }) => { const page = await pageAs('eineKita'); … })
  pageAs: async ({ page }, use) => {
    // Playwright's fixture callback, not a React hook
    // eslint-disable-next-line react-hooks/rules-of-hooks
    await use(async (account) => {
      await loginViaApi(page, demoAccounts[account]);
      await page.goto('/');
      return page;
    });
  },
  // every test ends with an axe scan of whatever page (and dialog) it left open
  axeAtEnd: [
    async ({ page }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus && page.url().startsWith('http')) {
        await expectAccessible(page, `end of "${testInfo.title}"`);
      }
    },
    { auto: true },
  ],
});

export { expect };

/** Newest activation link mailed to `email` (mails are .eml files in DATA_DIR/mail when no SMTP_URL is set). */
async function activationToken(email: string): Promise<string> {
  const { readdir, readFile } = await import('node:fs/promises');
  const dir = `${process.env.E2E_DATA_DIR ?? 'data/e2e'}/mail`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      // quoted-printable: join soft line breaks and decode "=3D" before looking for the link
      const text = (await readFile(`${dir}/${file}`, 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = text.includes(email) ? /\/aktivieren\/ct([A-Za-z0-9_-]+)/.exec(text)?.[1] : undefined;
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no activation mail for ${email} in ${dir}`);
}

/**
 * A new activated account with all consents decided and no KiTa, logged in on `page`: for tests that write
 * (register a KiTa, enrol) without changing what the SPEC §7 demo accounts show to other tests.
 */
export async function loginAsFreshUser(page: Page, firstName = 'Frieda', lastName = 'Frisch') {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
  const policy = await (await page.request.get('/api/privacy-policy')).json();
  const res = await page.request.post('/api/auth/register', {
    data: {
      firstName,
      lastName,
      email,
      password: DEMO_PASSWORD,
      passwordRepeat: DEMO_PASSWORD,
      privacyPolicyVersion: policy.version,
      acceptPrivacyPolicy: true,
      newsletter: false,
    },
  });
  expect(res.ok(), `register ${email}: HTTP ${res.status()}`).toBeTruthy();
  const activated = await page.request.post('/api/auth/activate', { data: { token: await activationToken(email) } });
  expect(activated.ok(), `activate ${email}: HTTP ${activated.status()}`).toBeTruthy();
  await loginViaApi(page, email);
  return { email, name: `${firstName} ${lastName}` };
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers for the shell suites (session, guards, errors, ping). All additive: suites above keep working unchanged.
// ---------------------------------------------------------------------------------------------------------------

/** The local-storage key of the active KiTa (seed §9, src/features/auth/auth-store.ts). */
export const ACTIVE_FACILITY_KEY = 'kita-portal.activeFacilityId';

/** The support contact the e2e server runs with (playwright.config.ts), shown in guard dialog 1 and the 504 text. */
export const SUPPORT_EMAIL = 'kontakt@kita-portal.example';
export const SUPPORT_PHONE = '0911 123456-0';

/** The stored active KiTa id of this page's origin, or null. */
export function activeFacilityId(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), ACTIVE_FACILITY_KEY);
}

/** The signed-in account's KiTas as the server reports them (GET /api/loginstatus with the page's cookies). */
export async function facilitiesOf(page: Page): Promise<Array<{ id: number; label: string; is_enrolled_to_cur_season: boolean }>> {
  const body = await (await page.request.get('/api/loginstatus')).json();
  return Object.values(body.user?.facilities ?? {});
}

/**
 * A client-side navigation, exactly what clicking a router Link does (no page load), for targets no link on the
 * current page leads to — e.g. to prove that a guard keeps the user on the page they came from.
 */
export async function navigateInApp(page: Page, href: string) {
  await page.evaluate((to) => {
    const router = (window as unknown as { __TSR_ROUTER__?: { navigate(o: { href: string }): Promise<void> } }).__TSR_ROUTER__;
    if (!router) throw new Error('router not found on window');
    void router.navigate({ href: to });
  }, href);
}

/** The red API error notification of seed §8 (intro line 'Da ging etwas schief.'), checked for colour and bar. */
export async function expectErrorNotification(page: Page, ...texts: Array<string | RegExp>) {
  const note = page.getByRole('alert').filter({ hasText: 'Da ging etwas schief.' });
  await expect(note).toBeVisible();
  for (const text of texts) await expect(note).toContainText(text);
  await expect(note).toHaveAttribute('style', /--notification-color:\s*var\(--mantine-color-red/);
  await expect(note.getByRole('progressbar')).toBeVisible();
  // seed §8: at the top of the window
  const box = await note.boundingBox();
  expect(box?.y ?? Infinity).toBeLessThan(150);
  return note;
}

/** A guard dialog of seed §8 can only be left by its buttons: Escape and a click outside change nothing. */
export async function expectPersistent(page: Page, dialogName: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await expectFocusInside(page, dialogName);
}

/** Keyboard focus is inside the named dialog (Mantine traps it there while the dialog is open). */
export async function expectFocusInside(page: Page, dialogName: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}
