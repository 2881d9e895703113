/**
 * Calendar days of the programme (Europe/Berlin) for server and client alike: the one "today in Berlin" and the one
 * German date and time of day of messages, mails, PDFs and exports. The client's pages format with src/lib/locale.ts,
 * which reads an instant's Berlin day and time here (`berlinWallClock`).
 */

/**
 * Each formatter is built once, when first used: constructing an Intl.DateTimeFormat costs ~0.5 ms, more than the
 * autosave's own work, and the first one with a time zone loads the zone's data (40 ms of a phone's main thread at
 * page load, for a formatter the page may never use).
 */
const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const wallClock = (timeZone: string) => () =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
const berlinAll = once(wallClock('Europe/Berlin'));
// with the date beside it, so the weekday is the abbreviation of a date ("Mo."), not the one that stands alone ("Mo")
const utcAll = once(wallClock('UTC'));

const partsOf = (format: Intl.DateTimeFormat, at: Date) => {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of format.formatToParts(at)) part[type] = value;
  return part;
};

/** an instant as a clock on a wall in Berlin shows it: its day `YYYY-MM-DD`, `HH:MM`, the seconds and the weekday ("Di.") */
export type BerlinWallClock = { day: string; time: string; seconds: string; weekday: string };

/**
 * An instant's day, time and weekday in Berlin, read with one formatter built once (a few microseconds; dayjs's
 * timezone plugin builds a formatter on every call, and a page of dated offers spent 100 ms of a phone's main thread
 * in it: ledger 0008).
 */
export function berlinWallClock(at: Date): BerlinWallClock {
  const part = partsOf(berlinAll(), at);
  return { day: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}`, seconds: part.second!, weekday: part.weekday! };
}

/** a calendar date (`2027-02-01`) as the wall clock of its midnight: a date is never shifted by a time zone */
export function calendarDayWallClock(day: string): BerlinWallClock {
  return { day, time: '00:00', seconds: '00', weekday: partsOf(utcAll(), new Date(`${day}T00:00:00Z`)).weekday! };
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
