import { crc32, deflateSync } from 'node:zlib';

/**
 * PNGs as an attacker crafts them (issue 18), built byte by byte: the signature, an IHDR with its correct CRC, one
 * IDAT and IEND. Each passes a check of the first bytes; pdfkit's PNG decoder throws on them inside an asynchronous
 * zlib callback, which nothing can catch in the thread it runs in.
 */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** 8 bits per channel; colour type 6 = RGBA (pdfkit decodes those to split the alpha channel) */
function png(width: number, height: number, idat: Buffer, colourType = 6): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colourType;
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** 74 bytes: a 2 × 2 RGBA PNG whose IDAT is not zlib data (Z_DATA_ERROR in the decoder's callback) */
export const brokenZlibPng = () => png(2, 2, Buffer.from('not zlib, garbage'));

/** 68 bytes: an RGBA PNG that claims 60000 × 60000 pixels (a RangeError allocating 14.4 GB in the callback) */
export const hugeClaimPng = () => png(60_000, 60_000, deflateSync(Buffer.alloc(10)));
