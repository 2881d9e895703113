import { describe, expect, it } from 'vitest';
import { fixtureFiles } from '../testing/fixture-files';
import { isImageType, sniffFileType, SNIFF_BYTES } from './file-sniff';

const head = (b: Buffer) => b.subarray(0, SNIFF_BYTES);

describe('sniffFileType', () => {
  it('given real files, names the type their bytes say', () => {
    expect(sniffFileType(head(fixtureFiles.jpeg.buffer))).toBe('image/jpeg');
    expect(sniffFileType(head(fixtureFiles.png.buffer))).toBe('image/png');
    expect(sniffFileType(head(fixtureFiles.webp.buffer))).toBe('image/webp');
    expect(sniffFileType(head(fixtureFiles.pdf.buffer))).toBe('application/pdf');
  });

  it('given text named .jpg, says null: the name does not count', () => {
    expect(sniffFileType(head(fixtureFiles.fakeJpeg.buffer))).toBeNull();
  });

  it('given empty, too short or look-alike heads, says null', () => {
    expect(sniffFileType(new Uint8Array())).toBeNull();
    expect(sniffFileType(Uint8Array.of(0xff, 0xd8))).toBeNull();
    expect(sniffFileType(head(fixtureFiles.png.buffer).subarray(0, 7))).toBeNull();
    // RIFF, but a WAV file, not WebP
    expect(sniffFileType(Buffer.from('RIFF\x24\x08\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    // the PDF header somewhere later is not enough
    expect(sniffFileType(Buffer.from(' %PDF-1.7', 'latin1'))).toBeNull();
    expect(sniffFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
  });

  it('given the whole file instead of its head, reads only the start', () => {
    expect(sniffFileType(fixtureFiles.jpeg.buffer)).toBe('image/jpeg');
  });
});

describe('isImageType', () => {
  it('given the sniffed types, is true only for images', () => {
    expect(isImageType('image/jpeg')).toBe(true);
    expect(isImageType('image/png')).toBe(true);
    expect(isImageType('image/webp')).toBe(true);
    expect(isImageType('application/pdf')).toBe(false);
    expect(isImageType('image/svg+xml')).toBe(false);
    expect(isImageType(null)).toBe(false);
  });
});
