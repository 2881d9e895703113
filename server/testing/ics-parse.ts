import { expect } from 'vitest';

/** a tiny RFC 5545 reader for the tests: unfold, split name/params/value, unescape TEXT */
export function parseIcs(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  // every line ends with CRLF: no bare LF anywhere
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const physical of text.split('\r\n')) expect(new TextEncoder().encode(physical).length).toBeLessThanOrEqual(75);
  const unfolded = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  const calendar: Record<string, string> = {};
  for (const line of unfolded) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0]!;
    const raw = line.slice(colon + 1);
    const value = raw.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
    if (name === 'BEGIN' && value === 'VEVENT') current = {};
    else if (name === 'END' && value === 'VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) current[name] = value;
    else calendar[name] = value;
  }
  return { calendar, events };
}
