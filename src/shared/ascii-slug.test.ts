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
});
