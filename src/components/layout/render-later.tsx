import { Children, lazy, startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { importUntilLoaded } from '../../lib/chunk-load-errors';

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
      timer = setTimeout(() => {
        setPainted(true);
        portalPainted();
      }, 0);
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

let painted = false;
const waitingForPaint: (() => unknown)[] = [];

/** the first useAfterFirstPaint to see its paint (the frame's, app-layout): what waited for the first page runs now */
function portalPainted() {
  if (painted) return;
  painted = true;
  for (const run of waitingForPaint.splice(0)) run();
}

/**
 * A component whose code comes after the first page has been painted: a dialog (Mantine's Modal with its focus trap
 * and scroll lock, and the form in it), the column chooser's popover (with floating-ui). On a phone's slow line the
 * files before the first paint are what its LCP waits for, and a closed dialog shows nothing (issue 35, decision 0039).
 *
 * Its chunk is asked for once the portal has painted its first page, whether or not the component is on the page yet:
 * a dialog that is mounted only when it opens (the person dialog) then opens at once, offline too. Until the chunk is
 * there (and in the component's own first paint, so that rendering it never asks for the chunk before the page is
 * painted) it renders `standIn`: nothing, or an inert copy of what it shows closed (the column chooser's button). A
 * chunk that fails is asked for again (importUntilLoaded).
 */
export function lazyAfterFirstPaint<P extends object>(
  load: () => Promise<ComponentType<P>>,
  standIn: (props: P) => ReactNode = () => null,
): ComponentType<P> {
  let chunk: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => (chunk ??= importUntilLoaded(load).then((component) => ({ default: component })));
  if (painted) queueMicrotask(start);
  else waitingForPaint.push(start);
  const Lazy = lazy(start);
  function AfterFirstPaint(props: P) {
    const shown = useAfterFirstPaint();
    const closed = standIn(props);
    return shown ? (
      <Suspense fallback={closed}>
        <Lazy {...props} />
      </Suspense>
    ) : (
      closed
    );
  }
  return AfterFirstPaint;
}
