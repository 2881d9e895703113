import type { SniffedType } from './file-sniff';

/**
 * The name a stored file is shown and downloaded under: the typed name without its invisible characters, with the
 * extension of what the bytes are (never the one typed). `\u202Egpj.exe` (a right-to-left override that shows as
 * "exe.jpg") becomes `gpj.jpg`; a PDF/HTML polyglot named `doc.html` becomes `doc.pdf`.
 *
 * Removed: control characters (Unicode Cc) and format characters (Cf: the bidi overrides and isolates U+202A–U+202E,
 * U+2066–U+2069, the marks U+200E/U+200F/U+061C, zero-width characters, the BOM, the soft hyphen), then leading and
 * trailing dots and spaces. What looks like an extension (a dot, a letter and up to four more letters or digits at
 * the end) is replaced; "Bericht v1.2" keeps its "1.2".
 */
const extensionOf: Record<SniffedType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

const invisible = /[\p{Cc}\p{Cf}]/gu;
const typedExtension = /\.[\p{L}][\p{L}\p{N}]{0,4}$/u;

export function storedFileName(typed: string, type: SniffedType): string {
  const clean = typed
    .replace(invisible, '')
    .replace(typedExtension, '')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return `${clean || 'Datei'}.${extensionOf[type]}`;
}

/** a shown name of a file stored before names were cleaned: the invisible characters go, the rest stays */
export const displayFileName = (name: string) => name.replace(invisible, '') || 'Datei';
