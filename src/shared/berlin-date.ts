/**
 * Calendar days of the programme (Europe/Berlin) for server and client alike: the one "today in Berlin" and the one
 * German date and time of day of messages, mails, PDFs and exports. (The client's pages format with dayjs in
 * src/lib/locale.ts.)
 */

// built once: constructing an Intl.DateTimeFormat costs ~0.5 ms, more than the autosave's own work
const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });
const berlinClock = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * The calendar day in Europe/Berlin as `YYYY-MM-DD`, today unless `now` says otherwise: deadlines and "in the
 * future" are calendar days there, wherever the code runs (just after midnight it is already tomorrow there).
 */
export function berlinToday(now = new Date()): string {
  return berlinDay.format(now);
}

/** `DD.MM.YYYY`: of a calendar date (`2027-02-01`; an ISO timestamp's date as written) or of an instant's Berlin day */
export function germanDate(value: string | Date): string {
  const [y, m, d] = (typeof value === 'string' ? value.slice(0, 10) : berlinToday(value)).split('-');
  return `${d}.${m}.${y}`;
}

/** `HH:MM`: an instant's time of day in Berlin (24 hours) */
export function germanTime(at: Date): string {
  return berlinClock.format(at);
}
