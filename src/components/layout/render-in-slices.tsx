import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * A page's body on the document's first load, rendered one step after its heading and intro, as a transition. React
 * renders a transition in slices of a few milliseconds and lets the browser paint and take input between them, so
 * the body, the longest task of a first load on a slow phone (issue 35), no longer blocks the main thread for its
 * whole render, and the heading and intro paint before it.
 *
 * Only the first such body of a document opened afresh (usually its first page; after /login, the page it leads to):
 * later pages render at once as before (the scripts are compiled by then, and the router restores their scroll
 * position into a rendered page), and so does a reload or a step back into the portal (the browser restores a scroll
 * position there too), and where no document was loaded (jsdom).
 * Until the body is there, the footer is left out (app-frame.module.css): it would show below the heading and then
 * move with the body (a layout shift).
 */
let firstPageRendered = false;

function slicesThisLoad(): boolean {
  if (firstPageRendered || typeof performance === 'undefined') return false;
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type === 'navigate';
}

export function RenderInSlices({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => !slicesThisLoad());
  useEffect(() => {
    if (ready) firstPageRendered = true;
    else startTransition(() => setReady(true));
  }, [ready]);
  return ready ? children : <div data-page-body-pending="" />;
}
