import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * A dialog whose code comes when it is first opened, not with the page: Mantine's Modal with its focus trap, portal
 * and scroll lock (the `mantine-overlay` chunk of scripts/vite/late-chunks.ts, with floating-ui and
 * react-remove-scroll) is about a sixth of a staff page's script, and no page shows a dialog in its first paint
 * (issue 35: a phone's largest paint waits for every script the page imports).
 *
 * `isOpen` reads the dialog's own props (`opened`, or the record it is open for). Closed and never opened it renders
 * nothing. From its first opening on it stays mounted like any Mantine dialog, so
 * closing plays the transition and returns the focus to the opener. The browser fetches the code when it is idle after
 * the page appeared, so an opening does not wait for the network.
 */
export function lazyDialog<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, isOpen: (props: P) => boolean) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const once = () => (loading ??= load());
  const Dialog = lazy(once);
  function LazyDialog(props: P) {
    const [used, setUsed] = useState(() => isOpen(props));
    if (!used && isOpen(props)) setUsed(true);
    useEffect(() => {
      if (typeof window.requestIdleCallback !== 'function') return void once();
      const idle = window.requestIdleCallback(() => void once());
      return () => window.cancelIdleCallback(idle);
    }, []);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
