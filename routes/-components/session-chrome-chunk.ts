/**
 * The chunks of what only a logged-in person sees; the login page loads neither (ADR 0006).
 * - session-nav.tsx, the side navigation: the layout route's guard starts loading it as soon as the login status says
 *   someone is logged in, next to the page's own chunk, so that it is drawn with the page.
 * - session-chrome.tsx, the user menu (Menu with floating-ui) and the guard dialogs: app-layout asks for it once the
 *   page has been painted (useAfterFirstPaint), so that on a phone's slow line the page's files come first (issue 35,
 *   decision 0039).
 */
export const loadSessionNav = () => importUntilLoaded(() => import('./session-nav'));
export const loadSessionChrome = () => importUntilLoaded(() => import('./session-chrome'));

/** how long a failed chunk waits before it is asked for again, if the browser does not report being back online first */
export const CHUNK_RETRY_MS = 10_000;

/**
 * A chunk the frame's lazy parts wait for: an import that fails (the network lost between the page's paint and the
 * chunk) is asked for again when the browser is back online, or after CHUNK_RETRY_MS, and until it arrives the promise
 * stays open. React.lazy keeps a rejection for good and hands it to the error boundary, which took the whole layout
 * down and rendered it again and again (the offline e2e test, once in a CI run); waiting, the parts keep their
 * placeholders (the menu's inert button) and the page stays usable. The failure itself is reported as every failed
 * chunk is (src/lib/chunk-load-errors.ts: "Bist du offline?").
 */
export function importUntilLoaded<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        const retry = () => {
          window.removeEventListener('online', retry);
          clearTimeout(timer);
          resolve(importUntilLoaded(load));
        };
        const timer = setTimeout(retry, CHUNK_RETRY_MS);
        window.addEventListener('online', retry);
      }),
  );
}
