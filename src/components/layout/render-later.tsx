import { Children, startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Its children are rendered after the page's first render, one after the other, each as a transition of its own: a
 * long page renders what its first screen shows at once and the rest inside `<RenderLater>`. React splits a
 * transition's render into short tasks the browser can answer input between, but commits it in one: on a phone's 4x
 * slower CPU the first render of /einstellungen and /dokumentationsbogen was one task of 370 ms, and the six lower
 * sections of /einstellungen committed at once still one of 240-430 ms (issue 35, decision 0039).
 *
 * What comes before it must fill the first screen. Until the last child is there, a marker stands in the place of
 * those still to come, and the frame does not show its footer (app-frame.module.css): shown at the bottom of the first
 * screen, the rest would push it away.
 */
export function RenderLater({ children }: { children: ReactNode }) {
  const parts = Children.toArray(children);
  const shown = useShownLater(parts.length);
  return (
    <>
      {parts.slice(0, shown)}
      <LaterMarker shown={shown} count={parts.length} />
    </>
  );
}

/**
 * How many of `count` parts a page shows: `first` in its first render, then one more in each transition, until all
 * are. For parts that do not sit side by side (the dates of /fortbildungen, in a section of their module each); the
 * page puts `<LaterMarker>` after the last part shown.
 */
export function useShownLater(count: number, first = 0): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown < count) startTransition(() => setShown((n) => n + 1));
  }, [shown, count]);
  return Math.min(shown, count);
}

/**
 * False until the browser has painted what the first render committed, then true: for parts of the frame that may
 * come a moment after the page (the session's user menu and guard dialogs), so that their files are asked for after
 * the page's first paint and not in the same queue before it (issue 35: ~18 KB on a phone's slow line, the Menu
 * with floating-ui, decision 0039). The effect runs after the commit; the frame callback before the next paint; the
 * timeout after it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** where the parts still to come will be, while there are any: the frame leaves out its footer meanwhile */
export function LaterMarker({ shown, count }: { shown: number; count: number }) {
  return shown < count ? <div data-render-later /> : null;
}
