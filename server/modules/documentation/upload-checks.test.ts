import { Readable } from 'node:stream';
import { crc32, inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { sharp } from '../../lib/image-work';
import { describe, expect, it } from 'vitest';
import { uploadedFileSchema } from '../../../src/shared/contracts/documentation';
import { fixtureFiles } from '../../testing/fixture-files';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { documentationFiles } from './documentation.table';
import { docFixture } from './test-helpers';

/**
 * Issue 18: every photo is decoded at upload and only a re-encoded copy is kept; names follow the content; files
 * other than photos are downloads; an account has at most three uploads in flight. The crafted files are built here.
 */
const f = createTestWorld(docFixture);

const base = `/api/facilities`;
const upload = (body: Buffer | Readable, query: { questionKey?: string; name?: string } = {}): InjectOptions => ({
  method: 'POST',
  url: `${base}/${f.facility.id}/documentation/files?${new URLSearchParams({ questionKey: 'fotos', name: 'foto.jpg', ...query })}`,
  headers: { 'content-type': 'application/octet-stream' },
  payload: body,
});
const storage = () => (f.t.fileStorage as unknown as { files: Map<string, { body: Buffer; contentType: string }> }).files;
const storedBytes = async (fileId: number) => {
  const [row] = await f.db.select().from(documentationFiles).where(eq(documentationFiles.id, fileId));
  return storage().get(row!.storageKey)!.body;
};

// --- a PNG by hand: signature, IHDR with a correct CRC, one IDAT, IEND ---
function chunk(type: string, data: Buffer) {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}
function handmadePng(width: number, height: number, idat: Buffer) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** 16 × 16 RGBA whose compressed data is garbage after a valid zlib header: pdfkit's decoder threw Z_DATA_ERROR */
const brokenZlibIdat = Buffer.from('789c' + 'ffffffffffffffffffffffffffffff', 'hex');
const brokenPng = handmadePng(16, 16, brokenZlibIdat);
/** claims 60000 × 60000 (3.6 gigapixels) in 68 bytes: pdfkit allocated its pixels and died of a RangeError */
const hugeClaimPng = handmadePng(60000, 60000, Buffer.from('789c6300010000050001ff', 'hex').subarray(0, 11));

const refusedUnreadable = {
  code: 'image_unreadable',
  message:
    'Dieses Bild lässt sich nicht öffnen: Die Datei ist beschädigt oder kein gültiges Foto. Speichere es bitte neu (z. B. als JPEG) und lade es noch einmal hoch.',
};
const refusedPixels = {
  code: 'image_too_large',
  message: 'Dieses Bild ist zu groß (höchstens 50 Megapixel). Verkleinere es bitte und lade es dann noch einmal hoch.',
};

describe('photos are decoded at upload, only a re-encoded copy is stored', () => {
  it('given the 74-byte RGBA PNG with broken compressed data, refuses it with the German message and stores nothing', async () => {
    expect(brokenPng.length).toBe(74);
    expect(() => inflateSync(brokenZlibIdat)).toThrow(expect.objectContaining({ code: 'Z_DATA_ERROR' }));
    const before = storage().size;
    expect(reasonOfAnswer(await f.call('member', upload(brokenPng, { name: 'bild.png' })), 400)).toMatchObject(refusedUnreadable);
    expect(storage().size).toBe(before);
  });

  it('given the 68-byte PNG claiming 60000 × 60000 pixels, refuses it by its pixel count', async () => {
    expect(hugeClaimPng.length).toBe(68);
    expect(reasonOfAnswer(await f.call('member', upload(hugeClaimPng, { name: 'riesig.png' })), 400)).toMatchObject(refusedPixels);
  });

  it(
    'given a valid 8000 × 8000 PNG (64 megapixels, over the 50 limit), refuses it; a 6000 × 4000 one is stored at 2000 × 1333',
    { timeout: 60_000 },
    async () => {
      const big = await sharp({ create: { width: 8000, height: 8000, channels: 4, background: { r: 20, g: 120, b: 60, alpha: 1 } } })
        .png()
        .toBuffer();
      expect(reasonOfAnswer(await f.call('member', upload(big, { name: 'gross.png' })), 400)).toMatchObject(refusedPixels);

      const wide = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: { r: 200, g: 180, b: 40 } } })
        .png()
        .toBuffer();
      const stored = parseAnswer(uploadedFileSchema, await f.call('member', upload(wide, { name: 'Plakat.png' })), 201);
      expect(stored).toMatchObject({ contentType: 'image/png', width: 2000, height: 1333, name: 'Plakat.png' });
      const bytes = await storedBytes(stored.id);
      expect(stored.size).toBe(bytes.length);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 2000, height: 1333 });
    },
  );

  it('given a phone JPEG with GPS in its EXIF and the orientation "turn 90°", stores an upright copy without any EXIF', async () => {
    const photo = await sharp({
      create: { width: 400, height: 200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Testphone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 27/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '11/1 4/1 5/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const input = await sharp(photo).metadata();
    expect(input.orientation).toBe(6);
    // the GPS IFD pointer (tag 0x8825, little endian) is in the input's EXIF
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const stored = parseAnswer(uploadedFileSchema, await f.call('member', upload(photo, { name: 'IMG_0815.JPG' })), 201);
    expect(stored).toMatchObject({ contentType: 'image/jpeg', width: 200, height: 400, name: 'IMG_0815.jpg' });
    const out = await sharp(await storedBytes(stored.id)).metadata();
    expect(out).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    expect(out.exif).toBeUndefined();
    expect(out.xmp).toBeUndefined();
    expect(out.orientation).toBeUndefined();
  });

  it('given a WebP photo, stores it as JPEG (what the PDF can embed), named .jpg', async () => {
    const stored = parseAnswer(uploadedFileSchema, await f.call('member', upload(fixtureFiles.webp.buffer, { name: 'Garten.webp' })), 201);
    expect(stored).toMatchObject({ contentType: 'image/jpeg', name: 'Garten.jpg', width: 40, height: 30 });
  });
});

describe('stored names follow the content; only photos are shown inline', () => {
  it('given a PDF/HTML polyglot named doc.html, stores it as doc.pdf and serves it as a sandboxed download', async () => {
    const polyglot = Buffer.from(
      '%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n',
      'latin1',
    );
    const stored = parseAnswer(
      uploadedFileSchema,
      await f.call('member', upload(polyglot, { name: 'doc.html', questionKey: 'weitere_dokumente' })),
      201,
    );
    expect(stored).toMatchObject({ name: 'doc.pdf', contentType: 'application/pdf' });
    for (const url of [stored.url, `/api/admin/documentation/${f.season.identifier}/${f.facility.id}/files/${stored.id}`]) {
      const res = await f.call(url.startsWith('/api/admin') ? 'admin' : 'member', { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="doc.pdf"; filename*=UTF-8\'\'doc.pdf');
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none';sandbox");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('given a PDF cut off before its end marker, refuses it with the German message', async () => {
    const cut = fixtureFiles.pdf.buffer.subarray(0, Math.floor(fixtureFiles.pdf.buffer.length / 2));
    expect(reasonOfAnswer(await f.call('member', upload(cut, { name: 'Artikel.pdf', questionKey: 'weitere_dokumente' })), 400)).toMatchObject({
      code: 'pdf_unreadable',
      message: 'Diese PDF-Datei ist unvollständig oder beschädigt. Speichere sie bitte neu und lade sie noch einmal hoch.',
    });
  });

  it('given the name "\\u202egpj.exe" (shows as "exe.jpg") on a JPEG, refuses it in German as typed text is (issue 33: one rule for direction overrides), storing nothing', async () => {
    const before = await f.db.$count(documentationFiles);
    const res = await f.call('member', upload(fixtureFiles.jpeg.buffer, { name: '\u202egpj.exe' }));
    expect(reasonOfAnswer(res, 400)).toMatchObject({ code: 'validation_failed', fields: { name: 'Der Dateiname enthält unzulässige Zeichen.' } });
    expect(await f.db.$count(documentationFiles)).toBe(before);
  });

  it('given a name with invisible characters no rule refuses (a zero-width space, a soft hyphen), stores it cleaned with the type of its bytes; the photo is served inline', async () => {
    const stored = parseAnswer(
      uploadedFileSchema,
      await f.call('member', upload(fixtureFiles.jpeg.buffer, { name: 'Gar\u200bten\u00adfoto.exe' })),
      201,
    );
    expect(stored.name).toBe('Gartenfoto.jpg');
    const res = await f.call('member', { method: 'GET', url: stored.url });
    expect(res.headers['content-disposition']).toBe('inline; filename="Gartenfoto.jpg"; filename*=UTF-8\'\'Gartenfoto.jpg');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });
});

describe('uploads in flight per account', () => {
  /** a body that starts arriving and then waits: resolves `reading` once the server reads it, sends the rest on `finish()` */
  function slowBody(rest: Buffer) {
    let started!: () => void;
    const reading = new Promise<void>((resolve) => (started = resolve));
    let sentHead = false;
    const stream = new Readable({
      read() {
        if (sentHead) return;
        sentHead = true;
        this.push(rest.subarray(0, 10));
        started();
      },
    });
    return { stream, reading, finish: () => stream.push(rest.subarray(10)) && stream.push(null) };
  }

  it('given three uploads of one account still arriving, answers the fourth 429 at once; afterwards uploads go through again', async () => {
    const bodies = [0, 1, 2].map(() => slowBody(fixtureFiles.jpeg.buffer));
    const answers = bodies.map((b, i) => f.call('member', upload(b.stream, { name: `langsam${i}.jpg` })));
    await Promise.all(bodies.map((b) => b.reading));

    const fourth = reasonOfAnswer(await f.call('member', upload(fixtureFiles.jpeg.buffer)), 429);
    expect(fourth).toMatchObject({
      code: 'too_many_uploads',
      message: 'Du lädst gerade schon 3 Dateien hoch. Warte, bis sie fertig sind, und versuch es dann noch einmal.',
    });
    // another account of the same KiTa is not held up
    expect((await f.asColleague(upload(fixtureFiles.jpeg.buffer, { name: 'kollegin.jpg' }))).statusCode).toBe(201);

    for (const b of bodies) b.finish();
    for (const a of answers) expect((await a).statusCode).toBe(201);
    expect((await f.call('member', upload(fixtureFiles.jpeg.buffer, { name: 'danach.jpg' }))).statusCode).toBe(201);
  });

  it('given an anonymous caller, answers 401 before reading the body', async () => {
    const body = slowBody(fixtureFiles.jpeg.buffer);
    let read = false;
    void body.reading.then(() => (read = true));
    expect((await f.call('anonymous', upload(body.stream))).statusCode).toBe(401);
    expect(read).toBe(false);
  });
});
