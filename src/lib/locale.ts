import dayjs from 'dayjs';
import 'dayjs/locale/de';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import {
  berlinOffsetText,
  berlinWallClock,
  calendarDayWallClock,
  germanDate,
  instantOfBerlinWall,
  type BerlinWallClock,
} from '../shared/berlin-date';

// Importing this module sets German globally (seed §1/§9: German, week starts Monday, 24 h). The locale's
// `weekStart: 1` also makes dayjs().startOf('week') a Monday.
dayjs.extend(customParseFormat);
dayjs.extend(localizedFormat);
dayjs.locale('de');

export const DATE_FORMAT = 'DD.MM.YYYY';
export const TIME_FORMAT = 'HH:mm';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;

export { DATES_SETTINGS } from './dates-settings';

/** Props for Mantine's TimeInput/TimePicker and DateTimePicker: 24-hour clock, no AM/PM. */
export const TIME_PICKER_PROPS = { format: '24h' } as const;
/** @public for the date-time fields (issue 20: kept while they are rebuilt; delete if none uses it) */
export const DATE_TIME_PICKER_PROPS = { valueFormat: DATE_TIME_FORMAT, timePickerProps: TIME_PICKER_PROPS } as const;
export const DATE_INPUT_PROPS = { valueFormat: DATE_FORMAT } as const;

type DateLike = string | number | Date | dayjs.Dayjs;

/**
 * Shown in German local time of the programme. ISO dates without time (`2026-02-01`) are taken as calendar dates
 * and never shifted by a time zone. Null for what is no date.
 */
function inBerlin(value: DateLike | null | undefined): BerlinWallClock | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return dayjs(value, 'YYYY-MM-DD', true).isValid() ? calendarDayWallClock(value) : null;
  const d = dayjs(value);
  return d.isValid() ? berlinWallClock(d.toDate()) : null;
}

/** "Hauptstraße 1, 90762 Fürth"; without a street "90762 Fürth" (a KiTa an import created knows no street) */
export function formatAddress({ street, postalCode, city }: { street: string; postalCode: string; city: string }): string {
  return [street.trim(), `${postalCode} ${city}`.trim()].filter(Boolean).join(', ');
}

/**
 * A file's size as people read it: "4,6 MB" from 1 MiB up, else "312 KB" (at least 1 KB). Written without Intl: the
 * documentation form shows it on a staff page, where the first Intl formatter costs a phone up to a quarter second
 * (decision 0039).
 */
export function formatFileSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** `DD.MM.YYYY`, or '' for null/undefined/invalid so tables can render empty cells. */
export function formatDate(value: DateLike | null | undefined): string {
  const w = inBerlin(value);
  return w ? germanDate(w.day) : '';
}

/** SPEC §1: the one date-time format, "23.11.2026, 14:32 Uhr" (24 h, Europe/Berlin). */
export function formatDateTime(value: DateLike | null | undefined): string {
  const w = inBerlin(value);
  return w ? `${germanDate(w.day)}, ${w.time} Uhr` : '';
}

/** "Di., 27.10.2026, 09:00 Uhr" (Europe/Berlin): a moment whose weekday matters (a date moved to the next KiTa-Jahr) */
export function formatWeekdayDateTime(value: DateLike | null | undefined): string {
  const w = inBerlin(value);
  return w ? `${w.weekday}, ${germanDate(w.day)}, ${w.time} Uhr` : '';
}

/** `HH:mm` (24 h), Europe/Berlin; `formatTime(x) + ' Uhr'` reads naturally in German sentences. */
export function formatTime(value: DateLike | null | undefined): string {
  return inBerlin(value)?.time ?? '';
}

/** Parses a German `TT.MM.JJJJ` input strictly to ISO `YYYY-MM-DD`, or null when it isn't a real date. */
export function parseGermanDate(input: string): string | null {
  const d = dayjs(input.trim(), DATE_FORMAT, true);
  return d.isValid() ? d.format('YYYY-MM-DD') : null;
}

/**
 * A dated offering's time in German: "Di., 03.02.2027, 09:00–16:00 Uhr" on one day, else
 * "Di., 03.02.2027, 09:00 Uhr – Mi., 04.02.2027, 16:00 Uhr" (Europe/Berlin).
 */
export function formatTimeSpan(startsAt: DateLike, endsAt: DateLike): string {
  const start = inBerlin(startsAt);
  const end = inBerlin(endsAt);
  if (!start || !end) return '';
  const day = (w: BerlinWallClock) => `${w.weekday}, ${germanDate(w.day)}`;
  if (start.day === end.day) return `${day(start)}, ${start.time}–${end.time} Uhr`;
  return `${day(start)}, ${start.time} Uhr – ${day(end)}, ${end.time} Uhr`;
}

/** Mantine's DateTimePicker value ("2027-02-01 09:00:00", Berlin wall time) of an instant from the server */
export function pickerValueOf(iso: string | null | undefined): string | null {
  const w = inBerlin(iso);
  return w ? `${w.day} ${w.time}:${w.seconds}` : null;
}

/**
 * the instant with its Berlin offset ("2027-02-01T09:00:00+01:00") of a date-time field's value; null when empty.
 * Anything else (a date without its time, a time typed wrong) is handed on as typed, so the contract refuses it with
 * its German message instead of the form sending nothing (or midnight) without a word.
 */
export function instantOfPickerValue(value: string | null | undefined): string | null {
  if (!value) return null;
  const [day, time] = value.split(' ');
  return (day !== undefined && time !== undefined && berlinInstantText(day, time)) || value;
}

/**
 * The instant with its Berlin offset ("2027-02-01T09:00:00+01:00") of a Berlin day (`YYYY-MM-DD`) and time of day
 * (`HH:mm` or `HH:mm:ss`); null when either is no real day or time. In the hour skipped in spring: an hour later.
 */
export function berlinInstantText(day: string, time: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d || !t) return null;
  const [y, mo, dd, h, mi, s] = [d[1], d[2], d[3], t[1], t[2], t[3] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, dd, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== dd || h > 23 || mi > 59 || s > 59) return null;
  const at = instantOfBerlinWall(wall);
  const w = berlinWallClock(new Date(at));
  return `${w.day}T${w.time}:${w.seconds}${berlinOffsetText(at)}`;
}
