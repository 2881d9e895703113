import { useLayoutEffect } from 'react';

/**
 * Gives keyboard focus back when a dialog goes away. The guard dialogs are unmounted (not closed with
 * `opened={false}`), so Mantine's own returnFocus never runs and focus fell to <body> — a keyboard user had to
 * start again from the top of the page. The opener is read in a layout effect, before the focus trap moves focus
 * into the dialog. Without a usable opener (first page load: <body>) focus goes to the main content.
 * Focus that something else took meanwhile (the next page's heading after a navigation) is left alone.
 */
export function useReturnFocus() {
  useLayoutEffect(() => {
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const target = opener?.isConnected ? opener : document.getElementById('main-content');
        target?.focus();
      });
    };
  }, []);
}
