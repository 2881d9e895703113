import { useEffect, useRef, useSyncExternalStore, type CSSProperties } from 'react';
import classes from './notification-countdown.module.css';

/** How often the bar and its aria-valuenow move; 10 steps a second look smooth with the CSS transition. */
const TICK_MS = 100;

/**
 * A tiny external store telling the countdown to hold still. The notification sets it while it is hovered or
 * holds keyboard focus, so nobody loses a message they are reading (WCAG 2.2.1 "Timing adjustable").
 */
export type PauseSignal = {
  set: (paused: boolean) => void;
  get: () => boolean;
  subscribe: (listener: () => void) => () => void;
};

export function createPauseSignal(): PauseSignal {
  let paused = false;
  const listeners = new Set<() => void>();
  return {
    set(next) {
      if (next === paused) return;
      paused = next;
      listeners.forEach((listener) => listener());
    },
    get: () => paused,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type CountdownBarProps = {
  /** total display time in ms */
  duration: number;
  /** called once when the time is up (the notification then hides itself) */
  onDone: () => void;
  pause: PauseSignal;
  color?: string;
};

const percent = (remaining: number, duration: number) => (duration > 0 ? Math.round((remaining / duration) * 100) : 0);
const valueText = (remaining: number, paused: boolean) => `${paused ? 'angehalten, ' : ''}noch ${Math.ceil(remaining / 1000)} Sekunden`;

/**
 * The seed's progress bar (§8): a real progressbar for assistive technology, running from 100 to 0.
 * Mantine's own `withAutoCloseProgress` line is aria-hidden and CSS-only, so it can't serve here; a plain element, not
 * Mantine's Progress, keeps Progress out of the first page's bundle.
 * The ticks write to the DOM directly instead of setting React state: ten renders a second would be wasted, and
 * state updates from timers trigger act() warnings (which fail tests) in every suite that shows an API error.
 */
export function CountdownBar({ duration, onDone, pause, color = 'red' }: CountdownBarProps) {
  const paused = useSyncExternalStore(pause.subscribe, pause.get, pause.get);
  const remaining = useRef(duration);
  const section = useRef<HTMLDivElement>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    if (paused) return;
    let last = Date.now();
    const timer = window.setInterval(() => {
      const now = Date.now();
      remaining.current = Math.max(0, remaining.current - (now - last));
      last = now;
      const node = section.current;
      if (node) {
        const value = percent(remaining.current, duration);
        node.style.setProperty('--countdown-size', `${value}%`);
        node.setAttribute('aria-valuenow', String(value));
        node.setAttribute('aria-valuetext', valueText(remaining.current, false));
      }
      if (remaining.current <= 0) {
        window.clearInterval(timer);
        done.current();
      }
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [paused, duration]);

  // Renders only on mount and on pause/resume; reading the ref here keeps React's idea of the value current.
  const now = remaining.current;
  const value = percent(now, duration);
  return (
    <div className={classes.track}>
      <div
        ref={section}
        className={classes.bar}
        style={{ '--countdown-size': `${value}%`, '--countdown-color': `var(--mantine-color-${color}-filled)` } as CSSProperties}
        role="progressbar"
        aria-label="Verbleibende Anzeigedauer"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={valueText(now, paused)}
      />
    </div>
  );
}
