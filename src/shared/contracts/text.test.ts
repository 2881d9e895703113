import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asSearchText, isCleanText } from './text';

describe('what a search box keeps of a text', () => {
  it('given a cell pasted from a spreadsheet, turns its tab into a space', () => {
    expect(asSearchText('Müller\tAnna')).toBe('Müller Anna');
    expect(asSearchText('Zeile\r\nzwei')).toBe('Zeile  zwei');
  });

  it('given clean text with umlauts and emoji, keeps it as it is', () => {
    expect(asSearchText('Kita „Sonnenschein“ 🌻 – Köln')).toBe('Kita „Sonnenschein“ 🌻 – Köln');
  });

  it('given any text, keeps one the server accepts', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => isCleanText(asSearchText(text))));
  });
});
