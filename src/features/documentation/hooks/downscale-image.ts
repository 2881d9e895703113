import { DOC_LIMITS } from '../../../shared/contracts/documentation-template';

/** turns a picked file into the one to upload; injectable so tests (jsdom has no canvas) pass files through */
export type PrepareUpload = (file: File) => Promise<File>;

const scalable = ['image/jpeg', 'image/png', 'image/webp'];
const JPEG_QUALITY = 0.85;

/**
 * Photos from phones are 4000+ px and 5-15 MB; the jury looks at them on a screen. So the browser makes the longest
 * side at most `DOC_LIMITS.imageLongestSide` before upload (createImageBitmap honours the EXIF orientation), as JPEG
 * 0.85; a PNG with transparency stays PNG (JPEG would blacken it). Never upscales; a file that is small enough, no
 * photo, or a browser without createImageBitmap/canvas (jsdom) is passed on unchanged: the server checks anyway.
 */
export const downscaleImage: PrepareUpload = async (file) => {
  if (!scalable.includes(file.type) || typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // not decodable here: the server will say what it is
  }
  try {
    const longest = Math.max(bitmap.width, bitmap.height);
    const limit = DOC_LIMITS.imageLongestSide;
    if (longest <= limit) return file;
    const scale = limit / longest;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const keepPng = file.type === 'image/png' && hasTransparency(context, canvas.width, canvas.height);
    const type = keepPng ? 'image/png' : 'image/jpeg';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, JPEG_QUALITY));
    if (!blob || blob.size >= file.size) return file;
    const name = keepPng ? file.name : file.name.replace(/\.(png|webp|jpe?g)$/i, '') + '.jpg';
    return new File([blob], name, { type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
};

function hasTransparency(context: CanvasRenderingContext2D, width: number, height: number): boolean {
  const data = context.getImageData(0, 0, width, height).data;
  for (let i = 3; i < data.length; i += 4) if (data[i]! < 255) return true;
  return false;
}
