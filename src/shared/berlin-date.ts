/**
 * Calendar days of the programme (Europe/Berlin) for server and client alike: the one "today in Berlin" and the one
 * German date and time of day of messages, mails, PDFs and exports. The client's pages format with src/lib/locale.ts,
 * which reads an instant's Berlin day and time here (`berlinWallClock`).
 */

const HOUR = 3_600_000;

/**
 * Germany has kept the EU's summer time since 1996: from the last Sunday of March, 01:00 UTC, to the last Sunday of
 * October, 01:00 UTC, Berlin is UTC+2, else UTC+1. Written down here instead of asking Intl: a page's first Intl
 * formatter loads ICU's data, 45–285 ms of a phone's main thread at page load (4x CPU, ledger 0008), and nothing else
 * of a staff page needs Intl. Instants before 1996 (earlier rules) are read with Intl. Should the EU's rule change,
 * this is the one place to change; `berlin-date.test.ts` compares it with Intl from 1996 to 2045.
 */
const RULE_FROM_YEAR = 1996;
const lastSundayAt1Utc = (year: number, month: number) => {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
};
const summerTime = new Map<number, readonly [number, number]>();
function summerTimeOf(year: number): readonly [number, number] {
  let span = summerTime.get(year);
  if (!span) summerTime.set(year, (span = [lastSundayAt1Utc(year, 2), lastSundayAt1Utc(year, 9)]));
  return span;
}

let intlBerlin: Intl.DateTimeFormat | undefined;
/** the offset by Intl's rules of the zone (instants before 1996 only) */
function intlOffset(t: number): number {
  intlBerlin ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of intlBerlin.formatToParts(new Date(t))) part[type] = Number(value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - (t - (((t % 1000) + 1000) % 1000));
}

/** how far Berlin's clock is ahead of UTC at the instant `t` (ms since the epoch), in ms: one or two hours */
export function berlinOffsetMs(t: number): number {
  const year = new Date(t).getUTCFullYear();
  if (year < RULE_FROM_YEAR) return intlOffset(t);
  const [from, to] = summerTimeOf(year);
  return t >= from && t < to ? 2 * HOUR : HOUR;
}

/**
 * The instant whose Berlin wall clock reads `wall` (the wall clock's fields as a UTC time, `Date.UTC(…)`); in the hour
 * skipped in spring the instant an hour later, in the hour October repeats its second pass.
 */
export function instantOfBerlinWall(wall: number): number {
  const first = wall - berlinOffsetMs(wall);
  return wall - berlinOffsetMs(first);
}

/** "+01:00" or "+02:00": Berlin's offset at an instant, as ISO 8601 writes it */
const two = (n: number) => String(n).padStart(2, '0');

export function berlinOffsetText(t: number): string {
  const minutes = Math.round(berlinOffsetMs(t) / 60_000);
  return `+${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

const WEEKDAYS = ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'] as const;

/** a wall clock's fields, read from a Date whose UTC fields are the wall clock */
function wallClockOf(shifted: Date): BerlinWallClock {
  return {
    day: `${shifted.getUTCFullYear()}-${two(shifted.getUTCMonth() + 1)}-${two(shifted.getUTCDate())}`,
    time: `${two(shifted.getUTCHours())}:${two(shifted.getUTCMinutes())}`,
    seconds: two(shifted.getUTCSeconds()),
    weekday: WEEKDAYS[shifted.getUTCDay()]!,
  };
}

/** an instant as a clock on a wall in Berlin shows it: its day `YYYY-MM-DD`, `HH:MM`, the seconds and the weekday ("Di.") */
export type BerlinWallClock = { day: string; time: string; seconds: string; weekday: string };

/** An instant's day, time and weekday in Berlin (a fraction of a microsecond; no Intl formatter, see above). */
export function berlinWallClock(at: Date): BerlinWallClock {
  const t = at.getTime();
  return wallClockOf(new Date(t + berlinOffsetMs(t)));
}

/** a calendar date (`2027-02-01`) as the wall clock of its midnight: a date is never shifted by a time zone */
export function calendarDayWallClock(day: string): BerlinWallClock {
  return { ...wallClockOf(new Date(`${day}T00:00:00Z`)), day };
}

/**
 * The calendar day in Europe/Berlin as `YYYY-MM-DD`, today unless `now` says otherwise: deadlines and "in the
 * future" are calendar days there, wherever the code runs (just after midnight it is already tomorrow there).
 */
export function berlinToday(now = new Date()): string {
  return berlinWallClock(now).day;
}

/** `DD.MM.YYYY`: of a calendar date (`2027-02-01`; an ISO timestamp's date as written) or of an instant's Berlin day */
export function germanDate(value: string | Date): string {
  const [y, m, d] = (typeof value === 'string' ? value.slice(0, 10) : berlinToday(value)).split('-');
  return `${d}.${m}.${y}`;
}

/** `HH:MM`: an instant's time of day in Berlin (24 hours) */
export function germanTime(at: Date): string {
  return berlinWallClock(at).time;
}
