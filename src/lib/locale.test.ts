import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  formatAddress,
  DATES_SETTINGS,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatTime,
  formatTimeSpan,
  formatWeekdayDateTime,
  instantOfPickerValue,
  parseGermanDate,
  pickerValueOf,
} from './locale';

describe('a file size', () => {
  it('reads "312 KB" below a megabyte (at least 1 KB) and "4,6 MB" with one decimal from there, the same for staff and admins', () => {
    expect(formatFileSize(200)).toBe('1 KB');
    expect(formatFileSize(312 * 1024)).toBe('312 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1,0 MB');
    expect(formatFileSize(4.6 * 1024 * 1024)).toBe('4,6 MB');
  });
});

describe('German locale', () => {
  it('sets dayjs to German with Monday as first day of the week', () => {
    expect(dayjs.locale()).toBe('de');
    expect(dayjs('2026-11-19').startOf('week').format('dddd, DD.MM.YYYY')).toBe('Montag, 16.11.2026');
    expect(DATES_SETTINGS).toEqual({ locale: 'de', firstDayOfWeek: 1, consistentWeeks: true });
  });

  it('formats calendar dates without shifting them by a time zone', () => {
    expect(formatDate('2026-02-01')).toBe('01.02.2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('kein Datum')).toBe('');
  });

  it('formats instants in Europe/Berlin with a 24-hour clock', () => {
    // 15:42 UTC in winter is 16:42 in Germany; in summer 17:42 UTC is 19:42.
    expect(formatDateTime('2026-01-15T15:42:00Z')).toBe('15.01.2026, 16:42 Uhr');
    expect(formatTime('2026-07-15T17:42:00Z')).toBe('19:42');
  });

  it('writes the Berlin wall clock (src/shared/berlin-date.test.ts compares it with Intl) across both switches of the clock', () => {
    expect(formatWeekdayDateTime('2027-03-28T00:59:00Z')).toBe('So., 28.03.2027, 01:59 Uhr');
    expect(formatWeekdayDateTime('2027-03-28T01:00:00Z')).toBe('So., 28.03.2027, 03:00 Uhr');
    expect(pickerValueOf('2027-03-28T01:00:07.000Z')).toBe('2027-03-28 03:00:07');
    // the last second of summer time and the first of winter time, 2026-10-25
    expect(formatDateTime('2026-10-25T00:59:59Z')).toBe('25.10.2026, 02:59 Uhr');
    expect(formatDateTime('2026-10-25T01:00:00Z')).toBe('25.10.2026, 02:00 Uhr');
    expect(formatDate(dayjs('2026-12-31T23:30:00Z'))).toBe('01.01.2027');
  });

  it('gives a calendar date its own weekday and refuses one that does not exist', () => {
    expect(formatWeekdayDateTime('2027-02-01')).toBe('Mo., 01.02.2027, 00:00 Uhr');
    expect(formatDate('2026-02-30')).toBe('');
    expect(formatTimeSpan('2026-02-30', '2026-03-01')).toBe('');
  });

  it('parses TT.MM.JJJJ strictly', () => {
    expect(parseGermanDate('01.02.2026')).toBe('2026-02-01');
    expect(parseGermanDate('31.02.2026')).toBeNull();
    expect(parseGermanDate('2026-02-01')).toBeNull();
  });
});

describe('time spans and the date-time picker (programme)', () => {
  it('writes one day as "Mi., 03.02.2027, 09:00–16:00 Uhr" and two days with both dates, Berlin time', () => {
    expect(formatTimeSpan('2027-02-03T08:00:00Z', '2027-02-03T15:00:00Z')).toBe('Mi., 03.02.2027, 09:00–16:00 Uhr');
    expect(formatTimeSpan('2027-07-01T07:00:00Z', '2027-07-02T14:30:00Z')).toBe('Do., 01.07.2027, 09:00 Uhr – Fr., 02.07.2027, 16:30 Uhr');
  });

  it('turns picker values into instants with the Berlin offset of that day, and back', () => {
    expect(instantOfPickerValue('2027-02-01 09:00:00')).toBe('2027-02-01T09:00:00+01:00');
    expect(instantOfPickerValue('2027-07-01 09:00:00')).toBe('2027-07-01T09:00:00+02:00');
    expect(instantOfPickerValue(null)).toBeNull();
    // the hour skipped in spring is the hour after; what is no day or time is handed on as typed
    expect(instantOfPickerValue('2027-03-28 02:30:00')).toBe('2027-03-28T03:30:00+02:00');
    expect(instantOfPickerValue('2027-02-30 09:00:00')).toBe('2027-02-30 09:00:00');
    expect(instantOfPickerValue('2027-02-01 25:70:00')).toBe('2027-02-01 25:70:00');
    expect(instantOfPickerValue('2027-02-01')).toBe('2027-02-01');
    // a year below 100 stays as typed (Date.UTC would read 0099 as 1999)
    expect(instantOfPickerValue('0099-02-01 09:00:00')).toBe('0099-02-01 09:00:00');
    expect(pickerValueOf('2027-07-01T07:00:00.000Z')).toBe('2027-07-01 09:00:00');
    expect(pickerValueOf(null)).toBeNull();
  });
});

describe('addresses', () => {
  it('given a street, writes "Hauptstraße 1, 90762 Fürth"; without one "90762 Fürth", never a leading comma', () => {
    expect(formatAddress({ street: 'Hauptstraße 1', postalCode: '90762', city: 'Fürth' })).toBe('Hauptstraße 1, 90762 Fürth');
    expect(formatAddress({ street: '', postalCode: '90762', city: 'Fürth' })).toBe('90762 Fürth');
    expect(formatAddress({ street: ' ', postalCode: '', city: '' })).toBe('');
  });
});
