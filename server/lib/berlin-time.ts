/**
 * Wall-clock time in Berlin (SPEC §9): a date moved by weeks keeps its local time across a change of daylight-saving
 * time (09:00 stays 09:00), and "as of a day" means the end of that day in Berlin. The zone's rules are read in one
 * place, src/shared/berlin-date.ts.
 */
import { berlinOffsetMs, berlinWallClock, instantOfBerlinWall } from '../../src/shared/berlin-date';

type Wall = { y: number; mo: number; d: number; h: number; mi: number; s: number; ms: number };

/** the wall clock as numbers: the instant moved by Berlin's offset (src/shared/berlin-date.ts), read as UTC */
function wallOf(at: Date): Wall {
  const w = new Date(at.getTime() + berlinOffsetMs(at.getTime()));
  return {
    y: w.getUTCFullYear(),
    mo: w.getUTCMonth() + 1,
    d: w.getUTCDate(),
    h: w.getUTCHours(),
    mi: w.getUTCMinutes(),
    s: w.getUTCSeconds(),
    ms: w.getUTCMilliseconds(),
  };
}

/** the instant whose Berlin wall clock reads `w` (in the hour skipped in spring: the instant an hour later) */
function instantOf(w: Wall): Date {
  return new Date(instantOfBerlinWall(Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s, w.ms)));
}

/** `at` moved by whole days in Berlin's calendar, keeping its wall-clock time */
export function addBerlinDays(at: Date, days: number): Date {
  const w = wallOf(at);
  const day = new Date(Date.UTC(w.y, w.mo - 1, w.d + days));
  return instantOf({ ...w, y: day.getUTCFullYear(), mo: day.getUTCMonth() + 1, d: day.getUTCDate() });
}

/** the first instant after the Berlin day `isoDate` (YYYY-MM-DD): "as of the end of that day" compares with `<` */
export function endOfBerlinDay(isoDate: string): Date {
  const [y, mo, d] = isoDate.split('-').map(Number) as [number, number, number];
  return instantOf({ y, mo, d: d + 1, h: 0, mi: 0, s: 0, ms: 0 });
}

/** a calendar date (YYYY-MM-DD) one year on; 29 February becomes 28 February */
export function nextYearDate(isoDate: string): string {
  const [y, mo, d] = isoDate.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + 1, mo, 0)).getUTCDate();
  return `${y + 1}-${String(mo).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** the Berlin calendar date of an instant (YYYY-MM-DD) */
export function berlinDate(at: Date): string {
  return berlinWallClock(at).day;
}

/** the hour (0–23) of an instant on Berlin's clock: nightly jobs look at it */
export function berlinHour(at: Date): number {
  return wallOf(at).h;
}
