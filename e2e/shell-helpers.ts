import { expect, type Page } from '@playwright/test';

// Helpers for the shell suites (session, guards, errors, ping, keyboard): checks of seed §4/§6/§8 that several
// specs share. Use them together with the fixtures in ./fixtures.

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

type Router = {
  navigate(o: { href: string }): Promise<void>;
  state: { location: { href: string }; resolvedLocation?: { href: string } };
};

/**
 * A client-side navigation, exactly what clicking a router Link does (no page load), for targets no link on the
 * current page leads to — e.g. to prove that a guard keeps the user on the page they came from.
 */
export async function navigateInApp(page: Page, href: string) {
  // like a person who clicks once the current page is there: the previous navigation has resolved
  await page.waitForFunction(() => {
    const router = (window as unknown as { __TSR_ROUTER__?: Router }).__TSR_ROUTER__;
    return router !== undefined && router.state.resolvedLocation?.href === router.state.location.href;
  });
  await page.evaluate((to) => {
    const router = (window as unknown as { __TSR_ROUTER__?: Router }).__TSR_ROUTER__;
    if (!router) throw new Error('router not found on window');
    void router.navigate({ href: to });
  }, href);
}

/**
 * The red API error notification of seed §8 (intro line 'Da ging etwas schief.'), checked for colour, bar, place.
 * Hovered first, as a reader would: its 5-second countdown holds still while hovered (WCAG 2.2.1), so a slow runner
 * checking it step by step does not see it close under its feet (a flake on a loaded CI machine).
 */
export async function expectErrorNotification(page: Page, ...texts: Array<string | RegExp>) {
  const note = page.getByRole('alert').filter({ hasText: 'Da ging etwas schief.' });
  await expect(note).toBeVisible();
  await note.hover();
  for (const text of texts) await expect(note).toContainText(text);
  await expect(note).toHaveAttribute('style', /--notification-color:\s*var\(--mantine-color-red/);
  await expect(note.getByRole('progressbar')).toBeVisible();
  // seed §8: at the top of the window
  const box = await note.boundingBox();
  expect(box?.y ?? Infinity).toBeLessThan(150);
  return note;
}

/** Keyboard focus is inside the named dialog (Mantine traps it there while the dialog is open). */
export async function expectFocusInside(page: Page, dialogName: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

/** After a dialog closed, keyboard focus is back on the page (not lost on <body>, not in a closed dialog). */
export async function expectFocusBackOnPage(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'body';
        return el.closest('[role=dialog]') ? 'dialog' : 'page';
      }),
    )
    .toBe('page');
}

/**
 * A guard dialog of seed §8 can only be left by its buttons: focus is inside, Tab keeps it there, a click outside
 * changes nothing, and so does Escape — except in a dialog with "Abbrechen." (dialogs 1 and 2), where Escape does the
 * same as that button (issue 10; e2e/focus.spec.ts tests it), so it is not pressed here.
 */
export async function expectPersistent(page: Page, dialogName: string, { escapeCancels = false }: { escapeCancels?: boolean } = {}) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expectFocusInside(page, dialogName);
  if (!escapeCancels) {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
  }
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await expectFocusInside(page, dialogName);
  // last, as a mouse click outside takes the focus out of the dialog (browser default)
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
}
