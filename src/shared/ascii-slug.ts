/**
 * Lower-case ASCII from German free text, for file names and keys: umlauts spelled out (ä → ae, ß → ss), other
 * accents dropped, every other run of characters one `separator`, none at either end, at most `max` characters.
 * "Kinderhaus „Sonnenschein“ Süd/Ost" → "kinderhaus-sonnenschein-sued-ost". Used by the server (file names of
 * exports and PDFs) and the client (question keys from labels).
 * `wholeWords` (file names): a text longer than `max` is cut after its last whole word that fits, never inside one
 * ("…-lechvierte-…" from a cut "Lechviertel"); only a first word longer than `max` is cut itself. Keys keep the plain
 * cut, so keys generated before stay what they were.
 */
export function asciiSlug(text: string, separator: '-' | '_', max: number, wholeWords = false): string {
  const ends = separator === '-' ? /^-+|-+$/g : /^_+|_+$/g;
  const full = text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, separator)
    .replace(ends, '');
  if (wholeWords && full.length > max) {
    // the character after the cut is a separator: the cut falls between two words
    const cut = full[max] === separator ? max : full.lastIndexOf(separator, max);
    if (cut > 0) return full.slice(0, cut).replace(ends, '');
  }
  return full.slice(0, max).replace(ends, '');
}
