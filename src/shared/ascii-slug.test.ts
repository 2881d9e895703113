import { describe, expect, it } from 'vitest';
import { asciiSlug } from './ascii-slug';

describe('asciiSlug', () => {
  it('spells umlauts out, drops other accents and punctuation, trims and cuts', () => {
    expect(asciiSlug('Kinderhaus „Sonnenschein“ Süd/Ost', '-', 60)).toBe('kinderhaus-sonnenschein-sued-ost');
    expect(asciiSlug('Wie viele Kinder?', '_', 36)).toBe('wie_viele_kinder');
    expect(asciiSlug('Café Crème – Straße', '-', 60)).toBe('cafe-creme-strasse');
    expect(asciiSlug('  Größe!  ', '_', 36)).toBe('groesse');
    // cut at a separator: none left at the end
    expect(asciiSlug('abc def', '-', 4)).toBe('abc');
    expect(asciiSlug('„“ – …', '-', 60)).toBe('');
  });

  it('file names: a long title is cut after its last whole word, never inside one (issue 19: "…-lechvierte-…")', () => {
    const title = 'Fortbildung Naturerlebnisraum KiTa-Garten im Augsburger Lechviertel mit Exkursion';
    expect(asciiSlug(title, '-', 60)).toBe('fortbildung-naturerlebnisraum-kita-garten-im-augsburger-lech');
    expect(asciiSlug(title, '-', 60, true)).toBe('fortbildung-naturerlebnisraum-kita-garten-im-augsburger');
    // exactly at a word's end: that word stays
    expect(asciiSlug('abc def ghi', '-', 7, true)).toBe('abc-def');
    expect(asciiSlug('abc def', '-', 60, true)).toBe('abc-def');
    // one word longer than the limit is cut itself (there is nothing else to keep)
    expect(asciiSlug('Donaudampfschifffahrt', '-', 10, true)).toBe('donaudampf');
  });
});
