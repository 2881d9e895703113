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
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown < parts.length) startTransition(() => setShown((n) => n + 1));
  }, [shown, parts.length]);
  return (
    <>
      {parts.slice(0, shown)}
      {shown < parts.length && <div data-render-later />}
    </>
  );
}
