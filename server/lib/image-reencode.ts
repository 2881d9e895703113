import { inImageSlot, sharp } from './image-work';

/**
 * Every uploaded photo is decoded here, once, at upload, by libvips (sharp), and only the copy re-encoded here is
 * stored: a file that does not decode, or whose header claims more than `maxPixels`, never reaches the storage,
 * the browser, the PDF (pdfkit's own PNG decoder) or the ZIP (docs/decisions/0012-files-pdf-zip.md).
 *
 * - Longest side at most `longestSide` (never enlarged), turned upright by the EXIF orientation (`rotate()`),
 *   converted to 8-bit sRGB, metadata dropped: sharp writes no EXIF, XMP, IPTC or ICC unless asked (`withMetadata`,
 *   never called), so a phone's GPS position is gone.
 * - Format: JPEG stays JPEG (quality 85, as the browser's downscale). PNG stays PNG (lossless: diagrams, screenshots,
 *   transparency), unless its re-encoded copy would exceed `maxBytes` and it has no alpha channel, then JPEG. WebP
 *   becomes PNG when it has an alpha channel, JPEG otherwise: pdfkit embeds only JPEG and PNG, so every stored photo
 *   can go into the form's PDF.
 * - `failOn: 'error'`: a real decoding error refuses the file (broken zlib data, a cut JPEG header); a mere warning
 *   (some phones' JPEGs) does not, since what is stored is our own re-encoded copy.
 *
 * The work runs on libuv's thread pool, never on the event loop, one image at a time (server/lib/image-work.ts).
 * Uploads beyond that wait for the slot (their bytes in a temp file, not in memory).
 */

export const IMAGE_LIMITS = {
  /** sharp's `limitInputPixels`: width × height from the header, checked before any pixel is decoded */
  maxPixels: 50_000_000,
  longestSide: 2000,
  jpegQuality: 85,
  /** a decode that takes longer is given up (libvips' timeout), the file refused as unreadable */
  timeoutSeconds: 20,
};

type ReencodedImage = { bytes: Buffer; contentType: 'image/jpeg' | 'image/png'; width: number; height: number };

export class ImageRefusedError extends Error {
  constructor(
    readonly reason: 'unreadable' | 'too_many_pixels',
    options?: { cause?: unknown },
  ) {
    super(reason === 'unreadable' ? 'image does not decode' : 'image exceeds the pixel limit', options);
  }
}

const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/**
 * `input`: the file's bytes or the path of a (temp) file holding them. `maxBytes`: the largest copy the caller
 * stores (a PNG over it becomes JPEG when it can). Throws ImageRefusedError for anything sharp cannot read.
 */
export function reencodeImage(
  input: Buffer | string,
  sourceType: 'image/jpeg' | 'image/png' | 'image/webp',
  maxBytes: number,
): Promise<ReencodedImage> {
  return inImageSlot(async () => {
    const open = () =>
      sharp(input, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error', pages: 1 })
        .timeout({ seconds: IMAGE_LIMITS.timeoutSeconds })
        .rotate()
        .resize({ width: IMAGE_LIMITS.longestSide, height: IMAGE_LIMITS.longestSide, fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb');
    const asJpeg = () => open().flatten({ background: '#ffffff' }).jpeg({ quality: IMAGE_LIMITS.jpegQuality }).toBuffer({ resolveWithObject: true });
    const asPng = () => open().png().toBuffer({ resolveWithObject: true });
    try {
      let hasAlpha = false;
      if (sourceType !== 'image/jpeg') {
        const meta = await sharp(input, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error' }).metadata();
        if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_LIMITS.maxPixels) throw new ImageRefusedError('too_many_pixels');
        hasAlpha = meta.hasAlpha === true;
      }
      let out = sourceType === 'image/jpeg' || (sourceType === 'image/webp' && !hasAlpha) ? await asJpeg() : await asPng();
      if (out.info.format === 'png' && out.data.length > maxBytes && !hasAlpha) out = await asJpeg();
      return {
        bytes: out.data,
        contentType: out.info.format === 'png' ? 'image/png' : 'image/jpeg',
        width: out.info.width,
        height: out.info.height,
      };
    } catch (err) {
      if (err instanceof ImageRefusedError) throw err;
      throw new ImageRefusedError(isPixelLimit(err) ? 'too_many_pixels' : 'unreadable', { cause: err });
    }
  });
}
