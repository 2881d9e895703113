import { describe, expect, it } from 'vitest';
import { parseIcs } from '../testing/ics-parse';
import { foldLine, icsCalendar } from './ics';

describe('ics writer', () => {
  it('given an event with umlauts, commas and a long description, when parsed back, every field round-trips', () => {
    const description = 'Mitbringen: Schreibzeug, Hausschuhe; Fragen an Frau Müller.\nZweite Zeile mit äöüß ' + 'x'.repeat(120);
    const text = icsCalendar(
      [
        {
          uid: 'offering-enrolment-17@kita-portal.example',
          start: new Date('2027-03-10T08:30:00Z'),
          end: new Date('2027-03-10T15:00:00Z'),
          summary: 'Fortbildung: Einsteiger, Modul 1',
          description,
          location: 'Umweltstation Nürnberg, Äußere Sulzbacher Str. 1',
          url: 'https://portal.example/fortbildungen',
          stamp: new Date('2026-11-23T12:00:00Z'),
        },
      ],
      { prodId: '-//KiTa-Portal//DE' },
    );
    const { calendar, events } = parseIcs(text);
    expect(calendar).toMatchObject({ VERSION: '2.0', PRODID: '-//KiTa-Portal//DE' });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      UID: 'offering-enrolment-17@kita-portal.example',
      DTSTAMP: '20261123T120000Z',
      DTSTART: '20270310T083000Z',
      DTEND: '20270310T150000Z',
      SUMMARY: 'Fortbildung: Einsteiger, Modul 1',
      DESCRIPTION: description,
      LOCATION: 'Umweltstation Nürnberg, Äußere Sulzbacher Str. 1',
      URL: 'https://portal.example/fortbildungen',
      STATUS: 'CONFIRMED',
    });
  });

  it('given a line of multi-byte characters, folding never splits a character and keeps 75 octets', () => {
    const line = 'SUMMARY:' + 'ä'.repeat(100);
    const folded = foldLine(line);
    for (const l of folded.split('\r\n')) expect(new TextEncoder().encode(l).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});
