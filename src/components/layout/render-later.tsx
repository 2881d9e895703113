import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Its children are rendered after the page's first render, as a transition, which React splits into short tasks the
 * browser can answer input between: a long page renders what its first screen shows at once and the rest inside
 * `<RenderLater>`. On a phone's 4x slower CPU the first render of /einstellungen and /dokumentationsbogen was one task
 * of 370 ms (issue 35, decision 0039).
 *
 * What comes before it must fill the first screen. Until the children are there, a marker stands in their place, and
 * the frame does not show its footer (app-frame.module.css): shown at the bottom of the first screen, the rest would
 * push it away.
 */
export function RenderLater({ children }: { children: ReactNode }) {
  const [now, setNow] = useState(false);
  useEffect(() => startTransition(() => setNow(true)), []);
  return now ? children : <div data-render-later />;
}
