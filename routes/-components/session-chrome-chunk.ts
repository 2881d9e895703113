import { importUntilLoaded } from '../../src/lib/chunk-load-errors';

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
