/**
 * The chunk of everything only a logged-in person sees (session-chrome.tsx): app-layout renders its parts lazily, and
 * the layout route's guard starts loading it as soon as the login status says someone is logged in, next to the
 * page's own chunk, instead of after the page has rendered (ADR 0006). The login page never loads it.
 */
export const loadSessionChrome = () => import('./session-chrome');
