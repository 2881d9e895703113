/**
 * Lower-case ASCII from German free text, for file names and keys: umlauts spelled out (ä → ae, ß → ss), other
 * accents dropped, every other run of characters one `separator`, none at either end, at most `max` characters.
 * "Kinderhaus „Sonnenschein“ Süd/Ost" → "kinderhaus-sonnenschein-sued-ost". Used by the server (file names of
 * exports and PDFs) and the client (question keys from labels).
 */
export function asciiSlug(text: string, separator: '-' | '_', max: number): string {
  const ends = separator === '-' ? /^-+|-+$/g : /^_+|_+$/g;
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, separator)
    .replace(ends, '')
    .slice(0, max)
    .replace(ends, '');
}
