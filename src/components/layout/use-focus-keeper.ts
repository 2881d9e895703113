import { useEffect } from 'react';

const HEADING = 'h1, h2, h3, h4, h5, h6';
const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

const isDisabled = (element: HTMLElement) => element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true';
const focusLost = () => !document.activeElement || document.activeElement === document.body;
/**
 * Hidden while it stays in the page: when a page suspends (the router's loading page shown in its place, e.g. a
 * KiTa-Jahr switch on a browser too busy to finish the navigation within `pendingMs`), React keeps its content mounted
 * under an inline `display: none` and shows it again afterwards; the browser moves focus off the hidden element.
 */
const isHiddenInPlace = (element: HTMLElement) => element.closest('[style*="display: none"]') !== null;
/** focus cannot stay on it until it is enabled and shown again */
const isUnavailable = (element: HTMLElement) => isDisabled(element) || isHiddenInPlace(element);

/** a heading or a table: made focusable by script only (not a tab stop) and focused */
function focusStatic(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}

/**
 * Where focus goes when the element that had it went away (WCAG 2.4.3): the control that opened a dialog; else,
 * in the nearest part of the page that is still there (around the dialog's opener when a dialog closed, e.g. the
 * table whose "Stornieren" button went away with the booking), the form that replaced a button (an edit mode), the
 * table the control stood in, or the heading of what changed; else the page heading.
 */
function fallbackTarget(lost: {
  inDialog: boolean;
  opener: HTMLElement | null;
  ancestors: HTMLElement[];
  openerAncestors: HTMLElement[];
}): HTMLElement | null {
  if (lost.inDialog && lost.opener?.isConnected && !isDisabled(lost.opener)) return lost.opener;
  const main = document.getElementById('main-content');
  // from the nearest part still there outwards: a form that replaced the control (edit mode), the table it stood
  // in, else a heading
  for (const near of lost.inDialog ? lost.openerAncestors : lost.ancestors) {
    if (!near.isConnected || near === main || !main?.contains(near) || near.closest('[role="dialog"]')) continue;
    if (near.matches('table')) return near;
    const field = near.querySelector<HTMLElement>(`form :is(${FIELD})`);
    if (field) return field;
    const heading = near.querySelector<HTMLElement>(HEADING);
    if (heading) return heading;
  }
  return main?.querySelector<HTMLElement>('[data-page-heading]') ?? main ?? null;
}

/**
 * THE mechanism that keeps keyboard focus on the page (issue 10): when the focused element is removed (a dialog
 * unmounted, a button replaced by a form or a summary, a row re-rendered) or disabled (a button while it loads),
 * focus would fall to <body> and a keyboard or screen-reader user would start again at the top. This watches the
 * DOM once for the whole app and puts focus back:
 * - an element disabled (or hidden in place, see `isHiddenInPlace`) while focused gets focus back once it is enabled
 *   (shown) again: the changed thing, or the field in use;
 * - a removed element: see `fallbackTarget`.
 * It acts only when focus really is lost (on <body>), and only after the dialogs' own return focus and the
 * navigation's heading focus have had their turn.
 */
export function useFocusKeeper() {
  useEffect(() => {
    let last: HTMLElement | null = null;
    let lastInDialog = false;
    let ancestors: HTMLElement[] = [];
    /** the last focused element outside any dialog: the dialog's opener, and where it stood */
    let opener: HTMLElement | null = null;
    let openerAncestors: HTMLElement[] = [];
    let waitingForReturn: HTMLElement | null = null;
    let timer: number | undefined;

    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement)) return;
      last = event.target;
      waitingForReturn = null;
      lastInDialog = last.closest('[role="dialog"]') !== null;
      ancestors = [];
      for (let node = last.parentElement; node && node !== document.body; node = node.parentElement) ancestors.push(node);
      if (!lastInDialog) {
        opener = last;
        openerAncestors = ancestors;
      }
    };

    const restore = () => {
      timer = undefined;
      if (!focusLost()) return;
      if (waitingForReturn) {
        if (waitingForReturn.isConnected && !isUnavailable(waitingForReturn)) {
          waitingForReturn.focus();
          waitingForReturn = null;
        }
        if (waitingForReturn?.isConnected) return;
      }
      if (!last || last.isConnected) return;
      const target = fallbackTarget({ inDialog: lastInDialog, opener, ancestors, openerAncestors });
      if (!target) return;
      if (target.matches(`${HEADING}, table`)) focusStatic(target);
      else target.focus();
    };

    const observer = new MutationObserver(() => {
      if (!last) return;
      // the browser moves focus off a disabled or hidden element a frame later: remember it now
      if (last.isConnected && isUnavailable(last) && (document.activeElement === last || focusLost())) waitingForReturn = last;
      if (last.isConnected && !waitingForReturn) return;
      // after the dialogs' return focus (one frame) and the navigation's heading focus (one frame after it resolved)
      window.clearTimeout(timer);
      timer = window.setTimeout(restore, 100);
    });

    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      // style: React hides a suspended page's content with an inline display: none (isHiddenInPlace)
      attributeFilter: ['disabled', 'data-loading', 'aria-disabled', 'style'],
    });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, []);
}
