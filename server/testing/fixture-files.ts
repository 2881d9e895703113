import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real files for upload, sniffing and PDF tests (server/testing/fixtures/, a few KB each, committed as binaries).
 * The images and the PDF were made by headless Chromium (canvas.toDataURL for JPEG/PNG/WebP, page.pdf for the PDF),
 * so they are what a browser or phone would send, not hand-built headers.
 *
 * - `photo.jpg`        JPEG 40 × 30, JFIF
 * - `diagram.png`      PNG 48 × 32, RGBA (has an alpha channel)
 * - `photo.webp`       WebP 40 × 30 (lossy)
 * - `document.pdf`     PDF 1.4, one page ("Dokumentation", "Kleine Test-PDF.")
 * - `not-an-image.jpg` plain text named .jpg: must be refused by what the bytes say, not by the name
 */
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

function fixture(name: string, mime: string) {
  const file = path.join(dir, name);
  return { name, path: file, mime, buffer: readFileSync(file) };
}

export const fixtureFiles = {
  jpeg: fixture('photo.jpg', 'image/jpeg'),
  png: fixture('diagram.png', 'image/png'),
  webp: fixture('photo.webp', 'image/webp'),
  pdf: fixture('document.pdf', 'application/pdf'),
  fakeJpeg: fixture('not-an-image.jpg', 'image/jpeg'),
} as const;
