import { useEffect, useState } from 'react';
import type * as SessionChromeModule from './session-chrome';

/**
 * The chunk of everything only a logged-in person sees (session-chrome.tsx): the layout route's guard starts loading it
 * as soon as the login status says someone is logged in, next to the page's own chunk (ADR 0006), and app-layout
 * renders its parts once it is there. The login page never loads it.
 */
type SessionChrome = typeof SessionChromeModule;

let loaded: SessionChrome | undefined;
let failed: unknown;

export const loadSessionChrome = (): Promise<SessionChrome> =>
  import('./session-chrome').then(
    (chrome) => (loaded = chrome),
    (error: unknown) => {
      failed = error;
      throw error;
    },
  );

/**
 * The chunk's parts, or undefined while it loads: a plain render, not React's lazy. A lazy part's Suspense boundary
 * is revealed in a later render than the page's (React holds such reveals back for a moment), so the header's names
 * and the navigation came after the page's last section, and on a 320 px screen the header then grew by a line under
 * the page already drawn (a layout shift). Loaded before the frame renders, the parts are in its first render.
 * A chunk that cannot be loaded is thrown to the router's error page, as a lazy part's was.
 */
export function useSessionChrome(wanted: boolean): SessionChrome | undefined {
  const [, arrived] = useState(0);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    loadSessionChrome().then(
      () => current && arrived((n) => n + 1),
      () => current && arrived((n) => n + 1),
    );
    return () => {
      current = false;
    };
  }, [wanted]);
  if (wanted && failed !== undefined && !loaded) throw failed;
  return wanted ? loaded : undefined;
}
