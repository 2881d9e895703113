/**
 * Page code comes in chunks loaded on first use. A chunk that fails to load (offline, or a deployment replaced the
 * file names) must end in the network notification and a page that offers "Neu laden", never in a blank page
 * (issue 19). Vite reports every failed dynamic import and preload as `vite:preloadError`.
 */
const failedChunks = new WeakSet<object>();
const CHECK_INTERVAL_MS = 5000;

/** True for the error of a chunk that could not be loaded (seen by `vite:preloadError`, or by its message). */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (failedChunks.has(error)) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && /dynamically imported module|Importing a module script failed|Unable to preload CSS/.test(message);
}

/**
 * Registers the handler once (main.tsx). `checkConnection` asks the server (the ping): no answer shows seed §8's
 * "Bist du offline?", a newer version offers "Neu laden". The router's own answer to a missing module is one blind
 * reload, which offline swaps the portal for the browser's error page: we mark that reload as done, and the
 * router shows its error component (ErrorPage) instead.
 */
export function handleChunkLoadErrors(checkConnection: () => void): void {
  let lastCheck = -Infinity;
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (typeof error === 'object' && error !== null) failedChunks.add(error);
    if (error instanceof Error) {
      try {
        sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1');
      } catch {
        // storage disabled: the router may reload once, which is what it did before
      }
    }
    // several chunks fail together (a page, its loader, its CSS): one question to the server is enough
    if (Date.now() - lastCheck < CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    checkConnection();
  });
}

/** how long a failed chunk waits before it is asked for again, if the browser does not report being back online first */
export const CHUNK_RETRY_MS = 10_000;

/**
 * A chunk that lazy parts wait for (the session's menu, the dialogs and popovers that come after the first paint): an
 * import that fails (the network lost between the page's paint and the chunk) is asked for again when the browser is
 * back online, or after CHUNK_RETRY_MS, and until it arrives the promise stays open. React.lazy keeps a rejection for good and hands it to the error boundary, which took the whole layout
 * down and rendered it again and again (the offline e2e test, once in a CI run); waiting, the parts keep their
 * placeholders (the menu's inert button, nothing for a closed dialog) and the page stays usable. The failure itself is reported as every failed
 * chunk is (handleChunkLoadErrors: "Bist du offline?").
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
