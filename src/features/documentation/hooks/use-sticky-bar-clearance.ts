import { useEffect, type RefObject } from 'react';

/** room kept between the focused element and the bar */
const GAP = 16;

/**
 * The documentation form's save bar sticks to the bottom of the window; a field, the second upload button or a
 * checkbox reached by Tab must never be hidden behind it (WCAG 2.4.11, issue 19). While the bar is shown, the page's
 * `scroll-padding-bottom` equals its height (browsers keep focused and scrolled-to elements out of that strip), and
 * for browsers that do not apply it to focus, an element that receives focus under the bar is scrolled above it.
 */
export function useStickyBarClearance(bar: RefObject<HTMLElement | null>, scope: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const element = bar.current;
    const root = document.documentElement;
    if (!active || !element) return;
    const apply = () => root.style.setProperty('scroll-padding-bottom', `${Math.ceil(element.getBoundingClientRect().height) + GAP}px`);
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(element);

    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || element.contains(target)) return;
      const barBox = element.getBoundingClientRect();
      const barTop = barBox.top;
      const box = target.getBoundingClientRect();
      // nothing laid out (a hidden element, a test's DOM without layout); the bar sticks only at the window's bottom
      if (barBox.height === 0 || box.height === 0 || barTop >= window.innerHeight - 1 || box.bottom <= barTop - GAP / 2) return;
      window.scrollBy({ top: box.bottom - barTop + GAP, behavior: 'instant' });
    };
    const area = scope.current;
    area?.addEventListener('focusin', onFocusIn);
    return () => {
      observer?.disconnect();
      area?.removeEventListener('focusin', onFocusIn);
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [bar, scope, active]);
}
