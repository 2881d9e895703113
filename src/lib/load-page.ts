/** why a route's loader runs (TanStack Router's `cause`): the page is entered, preloaded, or stays with new search or params */
export type LoaderCause = 'enter' | 'preload' | 'stay';

/**
 * The data a page's loader waits for. Entering (or preloading) the page, the loader waits, so the first render has the
 * page's data. When the page stays and only its search or parameters change (cause `stay`: a list's search box, filter,
 * sort or page; the KiTa-Jahr switch), the fetch is started and not waited for: the page stays as it is, with the
 * previous data under its loading overlay (the component reads it with `keepPreviousData`), and the field in use keeps
 * the focus. Waiting there, a server slower than the router's `pendingMs` (1 s) replaced the whole page by the loading
 * page, and focus went from the search box or the season switch to the body (found in CI under load; the e2e specs
 * season-report and list-slow-server delay the answer by 2 s).
 *
 * Every loader of a route with `loaderDeps` goes through here (eslint `local/one-way`). A failed fetch on `stay` is
 * left to the component's query, which shows its error (the list kit's alert, the notification of the error catalogue).
 */
export function loadPage<T>(cause: LoaderCause, load: () => Promise<T>): Promise<T> | undefined {
  const loading = load();
  if (cause !== 'stay') return loading;
  loading.catch(() => undefined);
  return undefined;
}
