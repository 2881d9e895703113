import type { Page } from '@playwright/test';
import { allowTime, answerLate, expect, expectAccessible, test } from './fixtures';

/*
 * Issue 10, "Accessibility and use": at 1366 px the admin tables hid actions and columns behind a scrollbar that
 * showed only on hover, and badges were cut ("GESCHLOS…", "eingeladen am 23.…"); at 320 px the home page's status
 * badges were cut ("ERLE…", "JETZ…").
 */

/** Badges whose text does not fit (Mantine's default cuts it with an ellipsis). */
const cutBadges = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Badge-label, .mantine-Badge-root')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent),
  );

/**
 * Each table's scroll region: can the keyboard reach it, are its rows' buttons in view. Its scrollbar is the browser's,
 * which this suite's browser does not draw (--hide-scrollbars): table-scrollbars.spec.ts checks it in one that does.
 */
const tableRegions = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-TableScrollContainer-scrollContainer')]
      .filter((region) => region.querySelector('table'))
      .map((region) => {
        const box = region.getBoundingClientRect();
        const actions = [...region.querySelectorAll<HTMLElement>('td:last-child button')].map((b) => {
          const r = b.getBoundingClientRect();
          return { name: b.textContent, inView: r.left >= box.left - 1 && r.right <= box.right + 1 };
        });
        return {
          name: region.getAttribute('aria-labelledby') ? document.getElementById(region.getAttribute('aria-labelledby')!)?.textContent : null,
          focusable: region.tabIndex === 0,
          actions,
        };
      }),
  );

test('admin tables at 1366 px: actions in view, a wide table takes the keyboard, badges whole', async ({ pageAs }) => {
  allowTime(120_000);
  const page = await pageAs('admin');
  for (const path of ['/verwaltung/kita-jahre', '/verwaltung/kitas', '/verwaltung/personen']) {
    await page.goto(path);
    await expect(page.getByRole('table').first()).toBeVisible();
    // the mouse rests outside the table, as it does while one reads it
    await page.mouse.move(5, 700);
    const regions = await tableRegions(page);
    expect(regions.length, path).toBeGreaterThan(0);
    for (const region of regions) {
      expect(region.focusable, `${path}: ${region.name} reachable by keyboard`).toBe(true);
      for (const action of region.actions) expect(action.inView, `${path}: "${action.name}" in view`).toBe(true);
    }
    expect(await cutBadges(page), `${path}: cut badges`).toEqual([]);
    await expectAccessible(page, path);
  }
  // the KiTa list's scroll region takes the keyboard: its last column is reached with the arrow keys
  await page.goto('/verwaltung/kitas');
  const region = page.getByRole('group', { name: 'Alle KiTas' });
  await region.focus();
  for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('columnheader', { name: /Geändert am/ })).toBeInViewport();
});

test('the season table keeps every action of a row in view at 1366 px', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.goto('/verwaltung/kita-jahre');
  for (const name of [/Anmeldung zu 2026\/27 (schließen|öffnen)/, /2025\/26 zum aktuellen machen/, /Anmeldung zu 2025\/26 (schließen|öffnen)/]) {
    await expect(page.getByRole('button', { name }), String(name)).toBeInViewport();
  }
});

test('the home page at 320 px: status badges wrap instead of being cut, nothing scrolls sideways', async ({ pageAs }) => {
  const page = await pageAs('eineKita');
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: /Eure Schritte/ })).toBeVisible();
  expect(await cutBadges(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page, 'home at 320 px');
});

/** header parts past the window's edges, or above or below the header (a 64 px header its actions wrapped inside) */
const headerOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const header = document.querySelector('header')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('header *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.right > width + 0.5 || box.left < -0.5 || box.top < header.top - 0.5 || box.bottom > header.bottom + 0.5;
      })
      .map((el) => `${el.tagName} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
  });

test('several KiTas at 320 px: the header with „KiTa wechseln“ fits on every staff page; the chooser keeps its badges inside', async ({ pageAs }) => {
  allowTime(120_000);
  const page = await pageAs('mehrereKitas');
  await page.setViewportSize({ width: 320, height: 800 });
  const dialog = page.getByRole('dialog', { name: 'KiTa auswählen' });
  await expect(dialog).toBeVisible();
  // every KiTa's status badge stays inside its card (a long name pushed it past the dialog's edge)
  const cards = await dialog.getByRole('listitem').evaluateAll((items) =>
    items.map((li) => {
      const card = li.querySelector('button')!.getBoundingClientRect();
      const badge = li.querySelector('.mantine-Badge-root')!.getBoundingClientRect();
      return { name: li.textContent, inside: badge.left >= card.left - 0.5 && badge.right <= card.right + 0.5 };
    }),
  );
  expect(cards.length).toBeGreaterThan(1);
  for (const card of cards) expect(card.inside, `${card.name}: badge inside its card`).toBe(true);
  await expectAccessible(page, 'KiTa chooser at 320 px');
  // the longest demo name makes the widest header
  await dialog.getByRole('button', { name: /Kindertagesstätte Zauberwald/ }).click();
  await expect(dialog).toHaveCount(0);
  for (const path of ['/', '/personal', '/stammdaten', '/kita-jahr-anmeldung', '/fortbildungen', '/einstellungen']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('active-facility')).toHaveText('Kindertagesstätte Zauberwald');
    expect(await headerOverflow(page), `${path}: header parts past the edge`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: page width`).toBeLessThanOrEqual(320);
    await expect(page.getByRole('button', { name: 'KiTa wechseln' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: /Benutzermenü von/ })).toBeInViewport({ ratio: 1 });
    // a table wider than 320 px (sessions, master-data history) scrolls in a named, keyboard-reachable region
    await expectAccessible(page, `${path} at 320 px`);
  }
  // between a phone and a laptop (a tablet upright): the long name and „KiTa wechseln“ wrapped inside the 64 px header
  // at 600-700 px and were cut off at the window's top; below 768 px the actions take a second line
  for (const width of [600, 700, 767, 768]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByRole('button', { name: 'KiTa wechseln' })).toBeInViewport({ ratio: 1 });
    expect(await headerOverflow(page), `${width} px: header parts past its edges`).toEqual([]);
  }
  // at 1280 px the header stays one line of 64 px with the KiTa, „KiTa wechseln“ and the user menu
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/personal');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the user menu's button is drawn with the page and replaced by the menu's own when the session's chunk is there
  await expect(page.getByRole('button', { name: /Benutzermenü von/ })).toHaveAttribute('aria-haspopup', 'menu');
  expect(await page.locator('header').evaluate((h) => h.getBoundingClientRect().height)).toBe(64);
  const tops = await Promise.all(
    [
      page.getByTestId('active-facility'),
      page.getByRole('button', { name: 'KiTa wechseln' }),
      page.getByRole('button', { name: /Benutzermenü von/ }),
    ].map(async (l) => (await l.boundingBox())!.y + (await l.boundingBox())!.height / 2),
  );
  for (const centre of tops) expect(Math.abs(centre - 32), 'header items on one line').toBeLessThan(4);
});

for (const late of [false, true])
  test(`a phone’s first load${late ? ' with the staff list answering late' : ''}: the header has its height before the KiTa switcher and the user menu arrive, nothing moves`, async ({
    pageAs,
  }) => {
    const page = await pageAs('eineKita');
    await page.setViewportSize({ width: 412, height: 823 });
    // longer than the router waits before it shows its loading page: a footer shown below that short page sat at the
    // bottom of the screen, and the staff list pushed it out of view (CLS 0.049, one run in four on a loaded machine)
    if (late) await answerLate(page, '**/api/facilities/*/persons*', 1500);
    // every layout shift of a fresh load (the session's parts come in a chunk of their own and wrapped to a second line,
    // pushing the page down by 34 px: Lighthouse's CLS 0.039 on every staff page)
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: string[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; sources: { node?: Node }[] }[])
          if (e.value > 0.001)
            w.shifts.push(`${e.value.toFixed(3)}: ${e.sources.map((s) => (s.node as HTMLElement | undefined)?.tagName ?? '?').join(', ')}`);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/personal');
    if (late) await expect(page.getByRole('status', { name: 'Seite wird geladen' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Benutzermenü von/ })).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
    // the footer came with the page
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' })).toBeAttached();
  });

test('admin KiTa detail: the programme history lists the bookings and opens a date’s enrolments; its caption stays in view at 320 px', async ({
  pageAs,
}) => {
  const page = await pageAs('admin');
  // searched, not read off the first page: KiTas other specs create (and legacy-import's "Kinderhaus Sonnenschein
  // Süd …") push the demo KiTa down the list when runs share a data dir (npm run bench flaky: its third run failed here)
  await page.goto('/verwaltung/kitas?q=Sonnenschein');
  await page.getByRole('link', { name: 'Kinderhaus Sonnenschein', exact: true }).click();
  await page.getByRole('tab', { name: /Anmeldungen/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Fortbildungen, Hospitationen und Auszeichnung' })).toBeVisible();
  const table = page.getByRole('table', { name: /Anmeldungen der KiTa zu Fortbildungen, Hospitationen und zur Auszeichnung/ });
  await expect(table.getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/verwaltung\/(fortbildungen|hospitationen|auszeichnungsverantaltungen)\/\d+\/anmeldungen$/,
  );
  // a training date's link opens that date's enrolments (a workshop's opens its awarding event's, other specs book those)
  const link = table.getByRole('row').filter({ hasText: 'Fortbildung' }).getByRole('link').first();
  await expect(link).toHaveAttribute('href', /^\/verwaltung\/fortbildungen\/\d+\/anmeldungen$/);
  await expectAccessible(page, 'admin KiTa detail, tab Anmeldungen');
  await page.setViewportSize({ width: 320, height: 800 });
  const caption = table.locator('caption span');
  await caption.scrollIntoViewIfNeeded();
  await expect(caption).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
  const title = (await link.textContent())!;
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Anmeldungen: ${title}` })).toBeVisible();
});

test('the jury’s reviews at 320 px: the table fits its panel and is no tab stop, as there is nothing to scroll', async ({ pageAs }) => {
  const page = await pageAs('admin');
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/verwaltung/dokuboegen');
  // the demo's one reviewed form (seed-demo-documentation.ts)
  await page
    .getByRole('link', { name: /Waldkindergarten Isarauen/ })
    .first()
    .click();
  const table = page.getByRole('table', { name: 'Bewertungen der anderen' });
  await table.scrollIntoViewIfNeeded();
  await expect(table.getByRole('cell', { name: /Jurowski/ })).toBeVisible();
  const fit = await table.evaluate((t) => ({
    table: t.getBoundingClientRect().width,
    panel: t.parentElement!.getBoundingClientRect().width,
    tabStop: t.closest('[tabindex="0"]') !== null,
    page: document.documentElement.scrollWidth,
  }));
  expect(fit.table).toBeLessThanOrEqual(fit.panel + 0.5);
  expect(fit.tabStop).toBe(false);
  expect(fit.page).toBeLessThanOrEqual(320);
  await expectAccessible(page, 'documentation detail with reviews at 320 px');
});
