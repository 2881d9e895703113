import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { allowTime, DEMO_PASSWORD, type DemoAccount, demoAccounts, expect, expectAccessible, expectKeyboardWalk, test } from './fixtures';

/*
 * Gate (issue 10): every page of the generated route tree, opened by the account that may see it, passes axe
 * (no serious or critical violation), does not scroll sideways at 320 CSS px (400 % zoom, WCAG 1.4.10), and its
 * keyboard walk at 1366 and 390 px meets every tab stop in view, uncovered and ringed; the guard dialogs too. The
 * list of routes is read from src/routeTree.gen.ts and each route's `staticData.access` from its file, so a page added later is checked without touching this test.
 */

type Access = 'public' | 'login' | 'facility' | 'enrolled' | 'admin';
type RoutePage = { path: string; file: string; access: Access };

const root = fileURLToPath(new URL('..', import.meta.url));

function routesFromTree(): RoutePage[] {
  const tree = readFileSync(resolve(root, 'src/routeTree.gen.ts'), 'utf8');
  const files = new Map<string, string>();
  for (const [, name, file] of tree.matchAll(/import \{ Route as (\w+)Import \} from '\.\/(\.\.\/routes\/[^']+)'/g)) files.set(name!, file!);
  const byTo = /export interface FileRoutesByTo \{([\s\S]*?)\n\}/.exec(tree)?.[1] ?? '';
  const pages: RoutePage[] = [];
  for (const [, path, name] of byTo.matchAll(/'([^']+)': typeof (\w+)/g)) {
    const file = files.get(name!);
    if (!file) throw new Error(`no file for ${path} (${name})`);
    const source = readFileSync(resolve(root, 'src', `${file}.tsx`), 'utf8');
    const access = (/access: '(\w+)'/.exec(source)?.[1] ?? 'login') as Access;
    pages.push({ path: path!, file, access });
  }
  return pages;
}

const ROUTES = routesFromTree();

/** Demo values for the parameters; ids of records that exist come from the API. */
type Ids = { facilityId: number; personId: number; trainingEventId: number; hospitationId: number; awardingEventId: number };

function fill(path: string, ids: Ids): string {
  return path
    .replace('$facilityId', String(ids.facilityId))
    .replace('$personId', String(ids.personId))
    .replace('$seasonIdentifier', '2026-27')
    .replace('$trainingEventId', String(ids.trainingEventId))
    .replace('$hospitationId', String(ids.hospitationId))
    .replace('$awardingEventId', String(ids.awardingEventId))
    .replace('{$token}', 'e2etoken123abc')
    .replace('$token', 'e2etoken123abc')
    .replace(/\/\$$/, '/gibt-es-nicht');
}

/** pages that lead on by design: the documentation forms open on the current season's list */
const redirects: Record<string, string> = { '/verwaltung/dokuboegen': '/verwaltung/dokuboegen/2026-27' };

const accountFor: Record<Access, DemoAccount | null> = {
  public: null,
  login: 'eineKita',
  facility: 'eineKita',
  enrolled: 'eineKita',
  admin: 'admin',
};

async function pageFor(browser: Browser, account: DemoAccount | null): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  if (account) {
    const res = await page.request.post('/api/login', { data: { email: demoAccounts[account], password: DEMO_PASSWORD } });
    expect(res.ok(), `login as ${account}`).toBeTruthy();
  }
  return page;
}

async function expectNoSidewaysScrolling(page: Page, context: string) {
  await page.setViewportSize({ width: 320, height: 768 });
  // wait for layout after the resize
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${context} scrolls sideways at 320 px`).toBeLessThanOrEqual(innerWidth);
  // the h1 may wrap between words, after a hyphen or at a <wbr> between the parts of a compound, never inside a word
  // ("Auszeichnungsveranst-altungen"): each run of letters lies on one line
  const brokenWords = await page.evaluate(() => {
    const h1 = document.querySelector('h1');
    if (!h1) return [];
    const broken: string[] = [];
    const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s\-\u2010\u2013/]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
  expect(brokenWords, `${context}: a word of the h1 breaks inside at 320 px`).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('the route list comes from the route tree and covers every kind of page', () => {
  expect(ROUTES.length).toBeGreaterThan(30);
  expect(ROUTES.map((r) => r.path)).toEqual(expect.arrayContaining(['/', '/login', '/verwaltung/kitas/$facilityId', '/barrierefreiheit']));
  expect(new Set(ROUTES.map((r) => r.access))).toEqual(new Set(['public', 'login', 'facility', 'enrolled', 'admin']));
});

// the routes in four parts, one test each, so that the suite's workers share them (one test of every route took
// 255 s, the longest of the suite, and ran alone at its end)
const PARTS = 4;
for (let part = 0; part < PARTS; part++)
  test(`every route (part ${part + 1} of ${PARTS}): axe without serious or critical violations, no sideways scrolling at 320 px, the keyboard walk`, async ({
    browser,
  }) => {
    // about a minute and a half on a quiet machine; the limit leaves room for a loaded CI runner
    allowTime(360_000);
    const admin = await pageFor(browser, 'admin');
    const facilities = await (await admin.request.get('/api/admin/facilities?pageSize=1')).json();
    const persons = await (await admin.request.get('/api/admin/persons?pageSize=25')).json();
    // the demo's programme (SPEC §7): a training event, a hospitation and an awarding event that exist, so their
    // enrolment pages show participants (a missing one would only show the not-found page)
    const firstId = async (path: string) => ((await (await admin.request.get(path)).json()).items[0]?.id as number | undefined) ?? 1;
    const ids: Ids = {
      facilityId: facilities.items[0].id as number,
      personId: (persons.items as Array<{ personId: number | null }>).find((p) => p.personId !== null)!.personId!,
      trainingEventId: await firstId('/api/admin/offerings?kind=training&pageSize=1'),
      hospitationId: await firstId('/api/admin/offerings?kind=hospitation&pageSize=1'),
      awardingEventId: await firstId('/api/admin/awarding-events'),
    };
    const pages = new Map<DemoAccount | null, Page>([['admin', admin]]);
    for (const route of ROUTES.filter((_, i) => i % PARTS === part)) {
      const account = accountFor[route.access];
      if (!pages.has(account)) pages.set(account, await pageFor(browser, account));
      const page = pages.get(account)!;
      const url = fill(route.path, ids);
      const context = `${url} as ${account ?? 'anonymous'}`;
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 }), context).toBeVisible();
      // the fitting account is let in (no redirect to /login or home); the splat route is the 404 page
      expect(new URL(page.url()).pathname, context).toBe(redirects[url] ?? url);
      await expectAccessible(page, context);
      await expectKeyboardWalk(page, `${context} at 1366 px`);
      await expectNoSidewaysScrolling(page, context);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectKeyboardWalk(page, `${context} at 390 px`);
      await page.setViewportSize({ width: 1366, height: 768 });
    }
    for (const page of pages.values()) await page.context().close();
  });

test('the guard dialogs: axe without serious or critical violations, no sideways scrolling at 320 px', async ({ browser }) => {
  allowTime(120_000);
  const cases: Array<{ account: DemoAccount; path: string; dialog: string }> = [
    { account: 'ohneKita', path: '/stammdaten', dialog: 'Wir kennen deine KiTa noch nicht.' },
    { account: 'nichtAngemeldet', path: '/fortbildungen', dialog: 'Deine KiTa ist noch nicht dabei!' },
    { account: 'einstellungen', path: '/', dialog: 'Neue Einstellungen' },
  ];
  for (const { account, path, dialog } of cases) {
    const page = await pageFor(browser, account);
    await page.goto(path);
    await expect(page.getByRole('dialog', { name: dialog }), account).toBeVisible();
    await expectAccessible(page, `${path} as ${account} with "${dialog}"`);
    await expectNoSidewaysScrolling(page, `${path} as ${account} with "${dialog}"`);
    await page.context().close();
  }
});
