import { describe, expect, it } from 'vitest';
import { germanDate, germanTime } from '../../src/shared/berlin-date';
import { addBerlinDays, berlinHour } from './berlin-time';

// Berlin's clock, the one implementation the nightly jobs, mails, PDFs and the season's move read (no offsets written down)
describe('Berlin wall-clock time', () => {
  it('given instants around the changes of summer time, the hour and the time of day are those of a clock in Berlin', () => {
    // the night the clocks go forward (2031-03-30): 01:59 CET, then 03:00 CEST
    expect(berlinHour(new Date('2031-03-30T00:59:00Z'))).toBe(1);
    expect(berlinHour(new Date('2031-03-30T01:00:00Z'))).toBe(3);
    expect(germanTime(new Date('2031-03-30T01:00:00Z'))).toBe('03:00');
    // the night they go back (2031-10-26): 02:30 comes twice
    expect(berlinHour(new Date('2031-10-26T00:30:00Z'))).toBe(2);
    expect(berlinHour(new Date('2031-10-26T01:30:00Z'))).toBe(2);
    expect(germanTime(new Date('2031-10-26T01:30:00Z'))).toBe('02:30');
    // midnight is 00, never 24
    expect(germanTime(new Date('2026-11-29T23:00:00Z'))).toBe('00:00');
    expect(germanDate(new Date('2026-11-29T23:00:00Z'))).toBe('30.11.2026');
  });

  it('given 364 days across the change of summer time, a date keeps its weekday and its 09:00', () => {
    const moved = addBerlinDays(new Date('2026-11-10T08:00:00Z'), 364);
    expect(germanDate(moved)).toBe('09.11.2027');
    expect(germanTime(moved)).toBe('09:00');
    const spring = addBerlinDays(new Date('2027-03-23T08:00:00Z'), 7);
    expect(germanTime(spring)).toBe('09:00');
    expect(spring.toISOString()).toBe('2027-03-30T07:00:00.000Z');
  });
});
