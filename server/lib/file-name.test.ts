import { describe, expect, it } from 'vitest';
import { displayFileName, storedFileName } from './file-name';

describe('storedFileName', () => {
  it('given a typed name, keeps it and puts the extension of the detected type', () => {
    expect(storedFileName('Brot backen.jpg', 'image/jpeg')).toBe('Brot backen.jpg');
    expect(storedFileName('IMG_0815.JPEG', 'image/jpeg')).toBe('IMG_0815.jpg');
    expect(storedFileName('doc.html', 'application/pdf')).toBe('doc.pdf');
    expect(storedFileName('Plakat', 'image/png')).toBe('Plakat.png');
    // not an extension: a version number
    expect(storedFileName('Bericht v1.2', 'application/pdf')).toBe('Bericht v1.2.pdf');
    expect(storedFileName('Elternbrief.final.pdf', 'application/pdf')).toBe('Elternbrief.final.pdf');
  });

  it('given bidi overrides, zero-width and control characters, removes them', () => {
    expect(storedFileName('\u202egpj.exe', 'image/jpeg')).toBe('gpj.jpg');
    expect(storedFileName('Foto\u2066\u200b\u200f 1\u2069.png', 'image/png')).toBe('Foto 1.png');
    expect(storedFileName('a\u0000b\u0085.pdf', 'application/pdf')).toBe('ab.pdf');
  });

  it('given nothing visible left (or only dots), names it "Datei"', () => {
    expect(storedFileName('\u202e', 'image/jpeg')).toBe('Datei.jpg');
    expect(storedFileName('.jpg', 'image/jpeg')).toBe('Datei.jpg');
    expect(storedFileName(' ... ', 'application/pdf')).toBe('Datei.pdf');
  });

  it('given a name stored before the cleaning, shows it without its invisible characters', () => {
    expect(displayFileName('\u202egpj.exe')).toBe('gpj.exe');
    expect(displayFileName('Brot backen.jpg')).toBe('Brot backen.jpg');
  });
});
