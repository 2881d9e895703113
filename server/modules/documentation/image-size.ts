/**
 * Width and height of an uploaded photo, read from its header (no decoding): JPEG's SOF segment, PNG's IHDR,
 * WebP's VP8/VP8L/VP8X chunk. Null when the header does not say (a broken file is still stored; the browser and
 * the PDF decide whether they can show it). Forty lines instead of a dependency: the three formats are fixed.
 */
export type ImageSize = { width: number; height: number };

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(b: Buffer): ImageSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    // fill bytes and markers without a length
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (SOF.has(marker)) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / start of scan before any frame header
    i += 2 + b.readUInt16BE(i + 2);
  }
  return null;
}

function pngSize(b: Buffer): ImageSize | null {
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function webpSize(b: Buffer): ImageSize | null {
  if (b.length < 30) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}

/** `type` is what sniffFileType found */
export function imageSize(bytes: Buffer, type: string): ImageSize | null {
  try {
    const size = type === 'image/jpeg' ? jpegSize(bytes) : type === 'image/png' ? pngSize(bytes) : type === 'image/webp' ? webpSize(bytes) : null;
    return size && size.width > 0 && size.height > 0 ? size : null;
  } catch {
    // a header cut short: readUInt* past the end
    return null;
  }
}
