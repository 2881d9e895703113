import { NativeSelect } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

type Props = {
  /** the seasons to switch between (GET /api/admin/seasons/choices), newest first; nothing shows without any */
  seasons: { identifier: string; label: string }[] | null | undefined;
  value: string;
  onChange: (seasonIdentifier: string) => void;
};

/**
 * How long the switch waits after a step by keyboard before the page loads that season: arrow keys step through the
 * seasons one change at a time, and only the season the admin stays on is loaded (issue 34), not each one passed.
 */
export const SEASON_SETTLE_MS = 400;

/** keys that change a closed select's value one step at a time */
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * The KiTa-Jahr switch of the pages that show one season at a time (documentation list, season report). A choice with
 * the mouse (or the opened list) applies at once; steps by keyboard apply once the admin stops stepping, or leaves the
 * field, or presses Enter.
 */
export function SeasonSwitch({ seasons, value, onChange }: Props) {
  const [shown, setShown] = useState(value);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; season: string } | null>(null);
  const stepping = useRef(false);
  const apply = useRef(onChange);
  apply.current = onChange;

  const flush = () => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    const season = pending.current.season;
    pending.current = null;
    apply.current(season);
  };
  // the page moved to another season by itself (a link, back): show it, and forget a step not yet applied
  useEffect(() => {
    if (pending.current) return;
    setShown(value);
  }, [value]);
  // leaving the page applies nothing more
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current.timer);
    },
    [],
  );

  if (!seasons || seasons.length === 0) return null;
  return (
    <NativeSelect
      label="KiTa-Jahr"
      w={190}
      data={seasons.map((s) => ({ value: s.identifier, label: s.label }))}
      value={shown}
      onKeyDown={(e) => {
        stepping.current = STEP_KEYS.has(e.key);
        if (e.key === 'Enter') flush();
      }}
      onMouseDown={() => (stepping.current = false)}
      onBlur={flush}
      onChange={(e) => {
        const season = e.currentTarget.value;
        setShown(season);
        if (pending.current) clearTimeout(pending.current.timer);
        pending.current = null;
        if (!stepping.current) return onChange(season);
        stepping.current = false;
        pending.current = { season, timer: setTimeout(flush, SEASON_SETTLE_MS) };
      }}
    />
  );
}
