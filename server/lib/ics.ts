/**
 * A small RFC 5545 (iCalendar) writer for one or a few events: CRLF line ends, lines folded at 75 octets (never
 * inside a UTF-8 sequence), TEXT values escaped, times in UTC (`…Z`), so no VTIMEZONE is needed.
 */
export type IcsEvent = {
  /** globally unique and stable for the same booking (a re-download replaces, not duplicates) */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** CANCELLED for a cancelled booking; CONFIRMED otherwise */
  status?: 'CONFIRMED' | 'CANCELLED' | 'TENTATIVE';
  /** when this calendar object was created; default now */
  stamp?: Date;
  sequence?: number;
};

export const icsContentType = 'text/calendar; charset=utf-8';

/** 20261123T143200Z */
export function icsUtc(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma, line breaks */
export function icsText(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** folds one content line: at most 75 octets per physical line, continuation lines start with one space */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > limit) {
      out.push(current);
      current = ' ';
      octets = 1;
      limit = 75;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

export function icsCalendar(events: IcsEvent[], opts: { prodId: string; method?: 'PUBLISH' | 'CANCEL' } = { prodId: '-//KiTa-Portal//DE' }): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${opts.prodId}`, 'CALSCALE:GREGORIAN', `METHOD:${opts.method ?? 'PUBLISH'}`];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${icsUtc(e.stamp ?? new Date())}`,
      `DTSTART:${icsUtc(e.start)}`,
      `DTEND:${icsUtc(e.end)}`,
      `SUMMARY:${icsText(e.summary)}`,
    );
    if (e.description) lines.push(`DESCRIPTION:${icsText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${icsText(e.location)}`);
    // URI values are not TEXT: no escaping, but control characters never reach here (contracts refuse them)
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push(`STATUS:${e.status ?? 'CONFIRMED'}`, `SEQUENCE:${e.sequence ?? 0}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
