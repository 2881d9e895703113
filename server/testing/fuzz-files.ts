import { deflateSync } from 'node:zlib';
import fc from 'fast-check';

/**
 * Files for the API gate's upload routes (issue 18): random bytes, truncated PNG and JPEG headers and crafted PNGs
 * (broken compressed data, 60000×60000 pixels claimed). Whatever an upload route does with them, it answers no 500.
 */
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** a PNG with the given header and compressed data (RGBA, 8 bit) */
export function craftedPng(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([pngSignature, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

const validPng = craftedPng(2, 2, deflateSync(Buffer.alloc(2 * (1 + 2 * 4), 0x7f)));
const jpegStart = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xdb,
]);

const fixed: { name: string; bytes: Buffer }[] = [
  { name: 'kaputt.png', bytes: craftedPng(4, 4, Buffer.from([0x78, 0x9c, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00])) }, // Z_DATA_ERROR
  { name: 'riesig.png', bytes: craftedPng(60000, 60000, deflateSync(Buffer.alloc(16))) }, // claims 3.6 gigapixels
  { name: 'klein.png', bytes: validPng },
  { name: 'abgeschnitten.png', bytes: validPng.subarray(0, 30) },
  { name: 'abgeschnitten.jpg', bytes: jpegStart },
  { name: 'nur-signatur.png', bytes: pngSignature },
  { name: 'leer.jpg', bytes: Buffer.alloc(0) },
  { name: 'doc.pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj<</OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF') },
  { name: '\u202egpj.exe', bytes: validPng },
  // the legacy import's CSV (issue 24): a file that gets past the reading
  { name: 'alt.csv', bytes: Buffer.from('KiTa-Name;PLZ;KiTa-Jahr;ausgezeichnet\r\nKita Fuzz;80331;2016-17;ja\r\n') },
];

export const fuzzFiles: fc.Arbitrary<{ name: string; bytes: Buffer }> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...fixed) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2048 }).map((a) => ({ name: 'zufall.bin', bytes: Buffer.from(a) })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(pngSignature, jpegStart, validPng), fc.uint8Array({ maxLength: 512 }))
      .map(([head, tail]) => ({ name: 'bild.png', bytes: Buffer.concat([head, Buffer.from(tail)]) })),
  },
);

/** a multipart/form-data body with text fields and files (each in its `field`, `file` unless told) */
export function multipartBody(fields: Record<string, string>, ...files: { field?: string; name: string; bytes: Buffer; contentType?: string }[]) {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name.replace(/"/g, '')}"\r\ncontent-type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
