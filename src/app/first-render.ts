import { startTransition } from 'react';

/**
 * The first page's render (issue 35, decision 0039). React renders an update of the router's stores
 * (useSyncExternalStore) in one synchronous task, so a page rendered when its data arrived was one long task: React's
 * and Mantine's work on the whole page, 300–550 ms on a phone's CPU. The entry therefore lets the router load the
 * first page (its guards, loaders and chunks) before React renders at all, and renders it in a transition, which React
 * works on in slices of a few milliseconds and commits once: the same page at the same moment, without the long task.
 * Nothing was painted before that either (the router shows its loading page only after `pendingMs`). A load that
 * takes longer than `waitMs` is rendered then, as before: the router's loading page, then the page.
 */
export function renderFirstPage({ load, render, waitMs }: { load: () => Promise<unknown>; render: () => void; waitMs: number }): Promise<void> {
  return new Promise((resolve) => {
    let rendered = false;
    const go = () => {
      if (rendered) return;
      rendered = true;
      clearTimeout(timer);
      startTransition(render);
      resolve();
    };
    const timer = setTimeout(go, waitMs);
    // a failed load is the router's to show (its error page): React renders all the same
    load().then(go, go);
  });
}
