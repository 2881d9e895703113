import { Progress } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';

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

/**
 * The seed's progress bar (§8): a real progressbar for assistive technology, running from 100 to 0.
 * Mantine's own `withAutoCloseProgress` line is aria-hidden and CSS-only, so it can't serve here.
 */
export function CountdownBar({ duration, onDone, pause, color = 'red' }: CountdownBarProps) {
  const paused = useSyncExternalStore(pause.subscribe, pause.get, pause.get);
  const [remaining, setRemaining] = useState(duration);

  useEffect(() => {
    if (paused) return;
    let last = Date.now();
    const timer = window.setInterval(() => {
      const now = Date.now();
      const elapsed = now - last;
      last = now;
      setRemaining((current) => Math.max(0, current - elapsed));
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [paused]);

  useEffect(() => {
    if (remaining <= 0) onDone();
  }, [remaining, onDone]);

  const value = duration > 0 ? Math.round((remaining / duration) * 100) : 0;
  const seconds = Math.ceil(remaining / 1000);
  return (
    <Progress.Root size="sm" mt="xs" transitionDuration={TICK_MS}>
      <Progress.Section
        value={value}
        color={color}
        withAria={false}
        role="progressbar"
        aria-label="Verbleibende Anzeigedauer"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={paused ? `angehalten, noch ${seconds} Sekunden` : `noch ${seconds} Sekunden`}
      />
    </Progress.Root>
  );
}
