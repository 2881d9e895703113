import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * After a client-side navigation nothing tells a screen reader that the page changed; moving focus to the new
 * page's h1 does (and keyboard users start from the content). The first load keeps the browser's behaviour.
 */
export function useFocusOnNavigation() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', ({ pathChanged, fromLocation }) => {
        if (!pathChanged || !fromLocation) return;
        requestAnimationFrame(() => {
          // A guard dialog that opened with this navigation keeps the focus it trapped.
          if (document.querySelector('[role="dialog"]')) return;
          const main = document.getElementById('main-content');
          // A field of the page that navigates as it changes (the KiTa-Jahr switch: its arrow keys step through the
          // seasons) keeps focus: moving it on input would be a change of context (WCAG 3.2.2).
          const active = document.activeElement;
          if (active instanceof HTMLElement && main?.contains(active) && active.matches('select, input, textarea')) return;
          const heading = main?.querySelector<HTMLElement>('[data-page-heading]');
          (heading ?? main)?.focus();
        });
      }),
    [router],
  );
}
