import { describe, expect, it } from 'vitest';
import { berlinOffsetMs, berlinOffsetText, berlinWallClock, calendarDayWallClock, instantOfBerlinWall } from './berlin-date';

// the oracle: Intl with the zone's rules from the IANA database, as Node's ICU has them
const intl = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  weekday: 'short',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
function byIntl(t: number) {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of intl.formatToParts(new Date(t))) part[type] = value;
  return { day: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}`, seconds: part.second!, weekday: part.weekday! };
}
const HOUR = 3_600_000;

describe("Berlin's wall clock without an Intl formatter", () => {
  it('given an instant every 7 hours from 1996 to 2045 (every hour of the day) and every second around each change of the clock, reads what Intl reads', () => {
    const mismatches: string[] = [];
    const check = (t: number) => {
      const ours = berlinWallClock(new Date(t));
      const theirs = byIntl(t);
      if (JSON.stringify(ours) !== JSON.stringify(theirs))
        mismatches.push(`${new Date(t).toISOString()}: ${JSON.stringify(ours)} ≠ ${JSON.stringify(theirs)}`);
    };
    for (let t = Date.UTC(1996, 0, 1) + 17 * 60_000 + 31_000; t < Date.UTC(2046, 0, 1); t += 7 * HOUR) check(t);
    for (let year = 1996; year < 2046; year++)
      for (const month of [2, 9]) {
        const last = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
        for (const dt of [-HOUR, -1000, -1, 0, 1, 1000, HOUR]) check(change + dt);
      }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('given instants before 1996 (other rules: summer time ended in September, none from 1950 to 1979), reads what Intl reads', () => {
    for (const iso of [
      '1995-09-30T23:30:00Z',
      '1995-10-15T12:00:00Z',
      '1985-09-29T00:30:00Z',
      '1985-09-29T01:30:00Z',
      '1975-07-01T12:00:00Z',
      '1947-05-20T12:00:00Z',
      '1899-12-31T23:59:59Z',
      '1969-12-31T23:59:59.500Z',
    ])
      expect(berlinWallClock(new Date(iso))).toEqual(byIntl(Date.parse(iso)));
  });

  it('given a calendar date, names its own weekday and never shifts it', () => {
    expect(calendarDayWallClock('2027-02-01')).toEqual({ day: '2027-02-01', time: '00:00', seconds: '00', weekday: 'Mo.' });
    expect(calendarDayWallClock('2026-12-31').weekday).toBe('Do.');
  });

  it('given a wall-clock time, finds its instant; the hour skipped in spring is read an hour later, the repeated one of October as its second pass', () => {
    const wall = (iso: string) => Date.parse(`${iso}Z`);
    expect(new Date(instantOfBerlinWall(wall('2027-02-01T09:00:00'))).toISOString()).toBe('2027-02-01T08:00:00.000Z');
    expect(new Date(instantOfBerlinWall(wall('2027-07-01T09:00:00'))).toISOString()).toBe('2027-07-01T07:00:00.000Z');
    // 2027-03-28: 02:00-02:59 does not exist
    expect(new Date(instantOfBerlinWall(wall('2027-03-28T01:59:00'))).toISOString()).toBe('2027-03-28T00:59:00.000Z');
    expect(new Date(instantOfBerlinWall(wall('2027-03-28T02:30:00'))).toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(new Date(instantOfBerlinWall(wall('2027-03-28T03:00:00'))).toISOString()).toBe('2027-03-28T01:00:00.000Z');
    // 2027-10-31: 02:00-02:59 comes twice
    expect(new Date(instantOfBerlinWall(wall('2027-10-31T02:30:00'))).toISOString()).toBe('2027-10-31T01:30:00.000Z');
    expect(new Date(instantOfBerlinWall(wall('2027-10-31T03:00:00'))).toISOString()).toBe('2027-10-31T02:00:00.000Z');
    // every minute of both days of change: the instant found shows that very wall clock (outside the skipped hour)
    for (const day of ['2027-03-28', '2027-10-31'])
      for (let m = 0; m < 24 * 60; m++) {
        const w = Date.parse(`${day}T00:00:00Z`) + m * 60_000;
        const shown = berlinWallClock(new Date(instantOfBerlinWall(w)));
        if (day === '2027-03-28' && m >= 120 && m < 180) continue;
        expect(`${shown.day}T${shown.time}`).toBe(new Date(w).toISOString().slice(0, 16));
      }
  });

  it('writes the offset as ISO 8601 does', () => {
    expect(berlinOffsetText(Date.parse('2027-01-15T12:00:00Z'))).toBe('+01:00');
    expect(berlinOffsetText(Date.parse('2027-07-15T12:00:00Z'))).toBe('+02:00');
    expect(berlinOffsetMs(Date.parse('2027-07-15T12:00:00Z'))).toBe(2 * HOUR);
  });
});
