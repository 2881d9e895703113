import type { Readable } from 'node:stream';
import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text of a PDF as a reader would copy it, per page (pdf.js through unpdf), for tests of generated PDFs.
 * `images` counts the image objects in the file (raw `/Subtype /Image` dictionaries; pdfkit writes them uncompressed).
 */
export async function pdfText(
  input: Buffer | Readable,
): Promise<{ pages: string[]; text: string; totalPages: number; images: number; bytes: Buffer }> {
  const bytes = Buffer.isBuffer(input) ? input : await collect(input);
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    const images = bytes.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
    return { pages: text, text: text.join('\n'), totalPages, images, bytes };
  } finally {
    await pdf.destroy();
  }
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
