/**
 * What an uploaded file really is, read from its first bytes (magic numbers), never from its name or the
 * Content-Type the browser sent: both are chosen by the sender.
 *
 * API (used by the documentation module's upload route):
 * - `sniffFileType(head)` → `'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf' | null`;
 *   `head` is the start of the file, at least `SNIFF_BYTES` long to recognise every type (shorter → null).
 * - `isImageType(type)` → true for the image types above (what may go into a PDF or an <img>).
 */
export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

export type ImageType = Extract<SniffedType, `image/${string}`>;

/** bytes to read before calling sniffFileType (WebP needs 12) */
export const SNIFF_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const RIFF = [0x52, 0x49, 0x46, 0x46]; // "RIFF" <size, 4 bytes> "WEBP"
const WEBP = [0x57, 0x45, 0x42, 0x50];

function startsWith(head: Uint8Array, magic: number[], at = 0): boolean {
  if (head.length < at + magic.length) return false;
  return magic.every((b, i) => head[at + i] === b);
}

export function sniffFileType(head: Uint8Array): SniffedType | null {
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  // a PDF reader also accepts the header later in the first KB; we take only files that start with it
  if (startsWith(head, PDF)) return 'application/pdf';
  return null;
}

export function isImageType(type: string | null | undefined): type is ImageType {
  return type === 'image/jpeg' || type === 'image/png' || type === 'image/webp';
}
