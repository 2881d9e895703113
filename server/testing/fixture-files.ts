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
 * - `legacy-libreoffice.xlsx` a legacy list as LibreOffice Calc 7 saves it (a UTF-8 CSV opened with German locale,
 *   saved as XLSX): the PLZ are number cells, "15.10.2019" a date cell (serial 43753, mm/dd/yy), shared strings
 *   with umlauts, an en dash and a euro sign; two rows of a season before the portal (2019/20)
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
  libreOfficeXlsx: fixture('legacy-libreoffice.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
} as const;
