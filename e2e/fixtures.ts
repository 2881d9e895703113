import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { slowdown } from './timing';

/** SPEC §7: the demo accounts `npm run seed:demo` creates, all with the same password. */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Passwort-2026';
/** the password fresh users set on activation: the strength check refuses the demo one ("Passwort" + the year) */
export const FRESH_USER_PASSWORD = 'Kastanienbaum-Wolkenschiff-42';
export const demoAccounts = {
  admin: 'admin@demo.example',
  ohneKita: 'ohne-kita@demo.example',
  eineKita: 'eine-kita@demo.example',
  nichtAngemeldet: 'nicht-angemeldet@demo.example',
  mehrereKitas: 'mehrere-kitas@demo.example',
  einstellungen: 'einstellungen@demo.example',
  /** issue 12: jury member, no KiTa */
  jury: 'jury@demo.example',
} as const;
export type DemoAccount = keyof typeof demoAccounts;

/**
 * WCAG 2.1 AA check with axe: fails on any serious or critical violation. Call it on every page a test opens and
 * again with each dialog open; the `axeAtEnd` fixture runs it once more at the end of every test whose page changed since.
 */
export async function expectAccessible(page: Page, context = page.url()) {
  // a dialog fading in has not reached its final colours yet: check what people see once it has settled. Two frames
  // first, so a dialog whose opening was just clicked has mounted and started its transition.
  const settle = async () => {
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    await page
      .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5000 })
      .catch(() => undefined);
    // and the whole page: the parts of a long page (or of a dialog's form) that <RenderLater> brings after the first
    // render are there, on a slow machine some frames later (its marker is gone then)
    await page.waitForFunction(() => document.querySelector('[data-render-later]') === null, undefined, { timeout: 5000 }).catch(() => undefined);
  };
  const check = async () => {
    await settle();
    // axe.run in the page itself (legacy mode: it leaves out cross-origin iframes, of which the portal has none) and
    // only the violations collected node by node: by default each scan opens a blank page to merge the frames' partial
    // results and serialises every passing node. Same rules, same violations, half the time (decision 0042)
    const results = await new AxeBuilder({ page })
      .setLegacyMode()
      // label-content-name-mismatch (WCAG 2.5.3, label in name: a voice user says the text they see) is axe's, tagged
      // wcag21a but off by default as "experimental"; Lighthouse runs it: "Nach E-Mail sortieren" on a column shown as
      // "E-Mail und Telefon" failed it
      .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  // the scan is an instrument, not a user: it must not change where the keyboard is. axe can leave the focus elsewhere
  // (seen: on the skip link, out of an open dialog), so the element that had it gets it back
  const focused = await page.evaluateHandle(() => document.activeElement);
  let bad = await check();
  // a notification that starts to fade out (it closes itself) while axe runs shows half its colours: a contrast
  // finding is checked once more after the page has settled; a real one is still there
  if (bad.length > 0 && bad.every((v) => v.id === 'color-contrast')) bad = await check();
  await focused.evaluate((el) => {
    if (el instanceof HTMLElement && el.isConnected && document.activeElement !== el) el.focus({ preventScroll: true });
  });
  await focused.dispose();
  const summary = bad.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${context}`).toEqual([]);
  await rememberScanned(page);
}

type ScannedState = { url: string; active: Element | null; changed: boolean; observer: MutationObserver };

/**
 * Marks the page as scanned: the address and the focused element now, and whether anything in the document changes
 * from here on (any node, attribute or text). The end-of-test scan is left out while all three are as they were: it
 * would scan the same page again (a test that ends with `expectAccessible` is the common case).
 */
async function rememberScanned(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __axeScanned?: ScannedState };
    w.__axeScanned?.observer.disconnect();
    const state: ScannedState = {
      url: location.href,
      active: document.activeElement,
      changed: false,
      observer: new MutationObserver(() => {
        state.changed = true;
        state.observer.disconnect();
      }),
    };
    state.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    w.__axeScanned = state;
  });
}

/** the page is exactly as the last scan saw it (`rememberScanned`) */
const unchangedSinceScan = (page: Page) =>
  page
    .evaluate(() => {
      const state = (window as unknown as { __axeScanned?: ScannedState }).__axeScanned;
      return !!state && !state.changed && state.url === location.href && state.active === document.activeElement;
    })
    .catch(() => false);

/**
 * axe on the page and then once with each of its menus, dialogs and disclosures open (issue 34: a menu failed axe only
 * while open), and a keyboard walk through each modal dialog (`expectKeyboardWalk`). Each opener is opened as a
 * keyboard user does (focus, Enter), checked, and closed again with Escape (a disclosure that ignores Escape, as
 * the mobile navigation, with Enter on its button); the focus is back on the opener afterwards.
 */
export async function expectAccessibleWith(page: Page, openers: Locator[], context = page.url()) {
  await expectAccessible(page, context);
  for (const opener of openers) {
    const name = (await opener.getAttribute('aria-label')) ?? (await opener.innerText());
    await focusWhenReady(opener);
    await page.keyboard.press('Enter');
    // a menu button or disclosure says it is open; a dialog's opener need not
    const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
    await expect(opener.and(page.locator('[aria-expanded="true"]')).or(dialog).first()).toBeVisible();
    await expectAccessible(page, `${context} with "${name}" open`);
    if ((await page.locator('[aria-modal="true"]').count()) > 0) {
      // a modal dialog by keyboard: its stops in view and ringed (it keeps the focus inside; a popover such as the
      // column chooser does not, and Tab leads on to the page it lies over); then the focus back where the dialog
      // put it, so that Escape closes the dialog and not a field's dropdown the walk opened
      const first = await page.evaluateHandle(() => document.activeElement);
      await expectKeyboardWalk(page, `${context} with "${name}" open`, { fromStart: false });
      await first.asElement()?.focus();
      await first.dispose();
    }
    await page.keyboard.press('Escape');
    if ((await opener.getAttribute('aria-expanded')) === 'true') {
      await opener.focus();
      await page.keyboard.press('Enter');
    }
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(opener).toBeFocused();
  }
}

/**
 * Focuses `target` once it is no inert stand-in: a part whose code comes after the page's first paint (the column
 * chooser's button, the user menu's) stands there inert until its chunk has come, and `focus()` on it does nothing.
 * Clicks wait for that themselves (Playwright's actionability: non-inert).
 */
export async function focusWhenReady(target: Locator) {
  await expect(target).not.toHaveAttribute('inert');
  await target.focus();
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
  // the previous page may still be on screen for a moment after the URL changed to /login
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

type Fixtures = { pageAs: (account: DemoAccount) => Promise<Page>; axeAtEnd: void };

export const test = base.extend<Fixtures>({
  // A page logged in as one of the demo accounts, opened on the home page:
  //   test('…', async ({ pageAs }) => { const page = await pageAs('eineKita'); … })
  pageAs: async ({ page }, use) => {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- Playwright's fixture callback `use`, not a React hook
    await use(async (account) => {
      await loginViaApi(page, demoAccounts[account]);
      await page.goto('/');
      return page;
    });
  },
  // every test ends with an axe scan of whatever page (and dialog) it left open, unless its last scan saw that page
  // exactly so
  axeAtEnd: [
    async ({ page }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus && page.url().startsWith('http') && !(await unchangedSinceScan(page))) {
        await expectAccessible(page, `end of "${testInfo.title}"`);
      }
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A long test's time: `ms` on an idle machine, times the CI slowdown (e2e/timing.ts). The one way a spec sets its
 * timeout (eslint refuses `test.setTimeout` in specs).
 */
export const allowTime = (ms: number) => test.setTimeout(ms * slowdown);

/**
 * Presses Tab until `target` has the focus (at most `max` times): it is reachable by keyboard, in tab order. The one
 * way a keyboard walk moves on (WCAG 2.1.1).
 */
export async function tabTo(page: Page, target: Locator, max = 200) {
  // the target found once, not after every key: a role locator reads the accessible name of every element on the
  // page, and a walk presses Tab hundreds of times. Found again if the page has put a new element in its place.
  const focus = (el: Element) => (el === document.activeElement ? 'focused' : el.isConnected ? 'elsewhere' : 'replaced');
  let element = await target.elementHandle();
  try {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      let state = await element.evaluate(focus);
      if (state === 'replaced') {
        await element.dispose();
        element = await target.elementHandle();
        state = await element.evaluate(focus);
      }
      if (state === 'focused') return;
    }
  } finally {
    await element.dispose();
  }
  throw new Error(`not reached with ${max} × Tab: ${target.toString()}`);
}

/** What one tab stop of a keyboard walk showed (see `expectKeyboardWalk`). */
type TabStop = { key: string; name: string; lost: boolean; inView: boolean; coveredBy: string | null; ring: boolean };

/** The focused element as a keyboard user meets it: in view, not under another element (a sticky bar, a popover), ringed. */
const readTabStop = (): TabStop => {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return { key: '', name: '', lost: true, inView: false, coveredBy: null, ring: false };
  const box = el.getBoundingClientRect();
  const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
  const [vw, vh] = [window.innerWidth, window.innerHeight];
  const inView = box.bottom > 0 && box.top < vh && box.right > 0 && box.left < vw;
  // the middle of its first line (a text area's middle may lie below the fold of a short viewport); of an element
  // taller than half the window (a long table's scroll region), the middle of the part in view
  const x = Math.min(Math.max(box.left + box.width / 2, 0), vw - 1);
  const y =
    box.height > vh / 2
      ? (Math.max(box.top, 0) + Math.min(box.bottom, vh)) / 2
      : Math.min(Math.max(box.top + Math.min(box.height, 32) / 2, 0), vh - 1);
  const hit = document.elementFromPoint(x, y);
  const own = !hit || el.contains(hit) || hit.contains(el) || hit.closest('label')?.control === el;
  // its ring: a 2 px outline (Mantine's focus ring), the browser's own, or one a wrapper draws (a password field's)
  const ringed = (node: Element) => {
    const style = getComputedStyle(node);
    return style.outlineStyle === 'auto' || (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2);
  };
  let ring = false;
  for (let node: Element | null = el, up = 0; node && up < 3 && !ring; node = node.parentElement, up++) ring = ringed(node);
  return {
    key: `${el.outerHTML.slice(0, 200)}@${Math.round(box.top + window.scrollY)},${Math.round(box.left + window.scrollX)}`,
    name,
    lost: false,
    inView,
    coveredBy: own ? null : `${hit.tagName.toLowerCase()}.${String(hit.className).split(' ')[0]}`,
    ring,
  };
};

/**
 * Tabs through every stop of the page from its start (at most `max`), then back with Shift+Tab, and expects each one
 * in view, not covered by another element and with a visible ring (WCAG 2.4.7, 2.4.11). Forward, the browser scrolls
 * a stop in at the bottom; backward, at the top, where the fixed header and a table's sticky head are. The walk turns
 * where the focus leaves the page for the browser or comes round again (a dialog keeps it inside). A covered stop is
 * read once more after 300 ms: a closing dropdown (a date field's calendar) fades out over the next field for a
 * moment. `fromStart: false` walks on from where the focus is (an open dialog).
 */
export async function expectKeyboardWalk(page: Page, context: string, { max = 150, fromStart = true } = {}) {
  if (fromStart)
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
  const problems = new Set<string>();
  const walk = async (key: 'Tab' | 'Shift+Tab', stops: number) => {
    const seen = new Set<string>();
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press(key);
      let stop = await page.evaluate(readTabStop);
      if (stop.lost || seen.has(stop.key)) break;
      if (stop.coveredBy) {
        await page.waitForTimeout(300);
        stop = await page.evaluate(readTabStop);
      }
      seen.add(stop.key);
      const wrong = [!stop.inView && 'out of view', stop.coveredBy && `covered by ${stop.coveredBy}`, !stop.ring && 'no focus ring'].filter(Boolean);
      if (wrong.length) problems.add(`${key}: ${stop.name}: ${wrong.join(', ')}`);
    }
    return seen.size;
  };
  const forward = await walk('Tab', max);
  expect(forward, `${context}: no tab stop`).toBeGreaterThan(0);
  await walk('Shift+Tab', forward);
  expect([...problems], `${context}: the keyboard walk`).toEqual([]);
}

/**
 * The server's answers to `url` (a glob, as `page.route` takes it) arrive `ms` late, as on a slow line or a busy
 * server: longer than 1 s is longer than the router waits before it shows its loading page.
 */
export async function answerLate(page: Page, url: string, ms: number) {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * The season report's KiTa-Jahr switch stepped by an arrow key: the address and the heading follow the season, and the
 * focus stays on the switch (WCAG 3.2.2). `identifier` like 2025-26, `label` like 2025/26.
 */
export async function stepSeasonSwitch(page: Page, key: 'ArrowDown' | 'ArrowUp', identifier: string, label: string) {
  const seasonSwitch = page.getByRole('combobox', { name: 'KiTa-Jahr' });
  await seasonSwitch.focus();
  await page.keyboard.press(key);
  await expect(page).toHaveURL(new RegExp(`\\?season=${identifier}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Auswertung KiTa-Jahr ${label}` })).toBeVisible();
  await expect(seasonSwitch).toBeFocused();
  return seasonSwitch;
}

/**
 * The browser busy for `ms` right after the next change of a field (as when a loaded machine is still drawing the
 * previous season's charts): longer than the router's `pendingMs` (1 s), so the router shows its loading page in place
 * of a page that stays, and React hides the page's content meanwhile (the focus keeper brings the focus back).
 */
export async function busyAfterNextChange(page: Page, ms: number) {
  await page.evaluate((busyMs) => {
    document.addEventListener(
      'change',
      () =>
        setTimeout(() => {
          const until = Date.now() + busyMs;
          while (Date.now() < until);
        }, 0),
      { capture: true, once: true },
    );
  }, ms);
}

/** The first match of `pattern` (group 1) in a mail to `email` (mails are .eml files in DATA_DIR/mail without SMTP_URL). */
export async function tokenFromMail(email: string, pattern: RegExp): Promise<string> {
  const { readdir, readFile } = await import('node:fs/promises');
  const dir = `${process.env.E2E_DATA_DIR ?? 'data/e2e'}/mail`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      // quoted-printable: join soft line breaks and decode "=3D" before looking for the link
      const text = (await readFile(`${dir}/${file}`, 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = text.includes(email) ? pattern.exec(text)?.[1] : undefined;
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail for ${email} matching ${pattern} in ${dir}`);
}

export const uniqueEmail = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;

/**
 * A new activated account with all consents decided and no KiTa, logged in on `page`: for tests that write
 * (register a KiTa, enrol) without changing what the SPEC §7 demo accounts show to other tests. Created by the
 * demo admin (the public registration is throttled per IP, which a whole suite would soon reach).
 */
export async function loginAsFreshUser(
  page: Page,
  firstName = 'Frieda',
  lastName = 'Frisch',
  email = uniqueEmail(),
  { decideConsents = true }: { decideConsents?: boolean } = {},
) {
  await loginViaApi(page, demoAccounts.admin);
  const created = await page.request.post('/api/admin/users', { data: { email, firstName, lastName } });
  expect(created.ok(), `create ${email}: HTTP ${created.status()}`).toBeTruthy();
  await page.request.delete('/api/logout');
  const token = await tokenFromMail(email, /\/aktivieren\/ct([A-Za-z0-9_-]+)/);
  const activated = await page.request.post('/api/auth/activate', {
    data: { token, password: FRESH_USER_PASSWORD, passwordRepeat: FRESH_USER_PASSWORD },
  });
  expect(activated.ok(), `activate ${email}: HTTP ${activated.status()}`).toBeTruthy();
  await loginViaApi(page, email, FRESH_USER_PASSWORD);
  if (!decideConsents) return { email, name: `${firstName} ${lastName}` };
  const policy = await (await page.request.get('/api/privacy-policy')).json();
  const consents = await page.request.put('/api/me/consents', {
    data: { newsletter: false, ...(policy.version ? { acceptPrivacyPolicyVersion: policy.version } : {}) },
  });
  expect(consents.ok(), `consents of ${email}: HTTP ${consents.status()}`).toBeTruthy();
  return { email, name: `${firstName} ${lastName}` };
}

export type FreshKitaPerson = { id: number; name: string; email: string };
export type FreshKita = {
  /** the account (a member of the KiTa, logged in on the page; password FRESH_USER_PASSWORD) */
  email: string;
  name: string;
  facilityId: number;
  facilityLabel: string;
  postalCode: string;
  /** the staff entries: first the contact (the account's own person), then `options.persons` in their order */
  persons: FreshKitaPerson[];
};
export type FreshKitaOptions = {
  /** more staff entries beside the contact, e.g. people to book on a date; a missing email gets a unique one */
  persons?: Array<{ firstName: string; lastName: string; email?: string }>;
  /** answers saved into the documentation form's draft before the test starts (question key → answer) */
  documentation?: Record<string, unknown>;
  /** the demo admin marks the season enrolment "zur Auszeichnung zugelassen" (as the jury's approval does) */
  awardApproved?: boolean;
};

/**
 * A fresh account with a KiTa of its own, enrolled to the current season with one staff entry as its contact, logged in
 * on `page` (CONVENTIONS 16: a test that writes makes its own world; the demo KiTas are for reading, and
 * eslint's local/e2e-demo-read-only refuses a spec that writes as a demo staff account). Like Epic Stack's
 * insertNewUser, everything is made through the API: the account by the demo admin, the KiTa, its staff and enrolment
 * by the account itself, and what `options` asks for on top. Its documentation form is an untouched draft unless
 * `options.documentation` gives answers.
 */
export async function loginWithFreshEnrolledKita(page: Page, label = 'E2E-Kita', options: FreshKitaOptions = {}): Promise<FreshKita> {
  const user = await loginAsFreshUser(page, 'Greta', 'Garten');
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const postalCode = String(90000 + Math.floor(Math.random() * 9999)).padStart(5, '0');
  const created = await page.request.post('/api/facilities', {
    data: {
      label: `${label} ${suffix}`,
      kind: 'Kindergarten',
      street: 'Gartenweg 3',
      postalCode,
      city: 'Testdorf',
      region: 'Mittelfranken',
    },
  });
  expect(created.ok(), `create KiTa: HTTP ${created.status()}`).toBeTruthy();
  const kita = (await created.json()) as { id: number; label: string };
  const addPerson = async (firstName: string, lastName: string, email: string, position: string): Promise<FreshKitaPerson> => {
    const person = await page.request.post(`/api/facilities/${kita.id}/persons`, {
      data: { firstName, lastName, email, position },
    });
    expect(person.ok(), `add ${firstName} ${lastName}: HTTP ${person.status()}`).toBeTruthy();
    return { id: ((await person.json()) as { id: number }).id, name: `${firstName} ${lastName}`, email };
  };
  const contact = await addPerson('Greta', 'Garten', user.email, 'Leitung');
  const persons = [contact];
  for (const p of options.persons ?? []) persons.push(await addPerson(p.firstName, p.lastName, p.email ?? uniqueEmail(), 'pädagogische Fachkraft'));
  const enrolled = await page.request.put(`/api/facilities/${kita.id}/season-enrolment`, {
    data: { projectTopics: ['Wasser'], projectTitle: 'Unser Bach', contactPersonId: contact.id, childrenTakingPart: 20, acceptedTerms: true },
  });
  expect(enrolled.ok(), `enrol: HTTP ${enrolled.status()}`).toBeTruthy();
  if (options.documentation) {
    const form = (await (await page.request.get(`/api/facilities/${kita.id}/documentation`)).json()) as { version: number };
    const saved = await page.request.put(`/api/facilities/${kita.id}/documentation`, {
      data: { baseVersion: form.version, answers: options.documentation },
    });
    expect(saved.ok(), `documentation answers: HTTP ${saved.status()}`).toBeTruthy();
  }
  if (options.awardApproved) {
    // the admin's part, on the same page's cookies: log in as the admin, approve, back to the fresh account
    await page.request.delete('/api/logout');
    await loginViaApi(page, demoAccounts.admin);
    const detail = (await (await page.request.get(`/api/admin/facilities/${kita.id}`)).json()) as {
      enrolments: Array<{ id: number; version: number }>;
    };
    const enrolment = detail.enrolments[0]!;
    const approved = await page.request.put(`/api/admin/season-enrolments/${enrolment.id}/award-approval`, {
      data: { approved: true, version: enrolment.version },
    });
    expect(approved.ok(), `award approval: HTTP ${approved.status()}`).toBeTruthy();
    await page.request.delete('/api/logout');
    await loginViaApi(page, user.email, FRESH_USER_PASSWORD);
  }
  return { ...user, facilityId: kita.id, facilityLabel: kita.label, postalCode, persons };
}
