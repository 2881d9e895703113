import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';

/**
 * A documentation (or any questions-and-answers record) as an A4 PDF, streamed.
 *
 * API: `renderPdf(doc: PdfDocModel): Readable` — pipe it into the reply, a file or a ZIP entry; nobody needs the
 * whole file in memory. The layout is built at once when called (a few ms per page); a broken image does not fail
 * the PDF but prints "[Bild konnte nicht gelesen werden]" in its place (so does a PNG above MAX_PNG_PIXELS). It runs
 * in the server's PDF worker threads (pdf-pool.ts): broken PNG data can still make pdfkit throw where nothing catches.
 *
 * Layout: title, subtitle, the meta lines ("Label: Wert"), then each section with its items (label in bold, the
 * answer below; a list of answers as bullets; null, '' or [] as "– keine Angabe –"; images after the answer, scaled to
 * the text width and at most 8 cm high, never split across pages), the notice at the end, and "Seite 1 von 3" at the
 * foot of every page. Long answers wrap and run on over as many pages as they need.
 *
 * Font: the PDF standard font Helvetica (nothing embedded, small files). It covers Windows-1252, i.e. all of German
 * (ä ö ü Ä Ö Ü ß, „ “ ‚ ‘, – —, €, …) and most western European letters. Letters outside it are written without their
 * accent where that leaves a Latin letter (ş → s, ğ → g, ł → l), anything else (emoji, Cyrillic, …) as "?":
 * see `pdfSafeText`. Embedding a Unicode TTF (e.g. Noto Sans, ~0.5 MB per font file; pdfkit embeds only the glyphs
 * used) would lift that limit.
 */
export type PdfImage = { data: Buffer; mime: 'image/jpeg' | 'image/png' };

export type PdfDocModel = {
  title: string;
  subtitle?: string;
  meta: { label: string; value: string }[];
  sections: {
    title: string;
    items: { label: string; value: string | string[] | null; images?: PdfImage[] }[];
  }[];
  notice?: string;
};

export const NO_ANSWER = '– keine Angabe –';

const CM = 72 / 2.54;
const MARGIN = 2 * CM;
const FOOTER_SPACE = 1.2 * CM;
const MAX_IMAGE_HEIGHT = 8 * CM;
const GREY = '#555555';
/**
 * pdfkit decodes a PNG with transparency into raw pixels (several copies of width × height × 4 bytes, outside the
 * JavaScript heap, so a worker's heap limit does not bound them): an 8000 × 8000 PNG took 1.1 GB. Larger ones are
 * shown as unreadable instead; uploads are re-encoded far below this, so only legacy files can reach it.
 */
export const MAX_PNG_PIXELS = 25_000_000;
const BLACK = '#000000';

// Unicode code points that Windows-1252 puts into 0x80–0x9F (pdfkit maps them); Latin-1 itself is 0x20–0xFF
const CP1252_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022,
  0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);
// letters without a decomposition in Unicode that still have an obvious plain form
const PLAIN: Record<string, string> = { ı: 'i', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ħ: 'h', Ħ: 'H', ŀ: 'l', Ŀ: 'L', '\u2212': '-', '\u00a0': ' ' };

const writable = (cp: number) => (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || CP1252_EXTRA.has(cp);

/** text the standard font can show: NFC, tabs as spaces, other control characters dropped, the rest as said above */
export function pdfSafeText(input: string): string {
  let out = '';
  for (const ch of input.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (ch === '\t') out += ' ';
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    else if (writable(cp)) out += ch;
    else if (PLAIN[ch]) out += PLAIN[ch];
    else {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += base.length > 0 && [...base].every((c) => writable(c.codePointAt(0)!)) ? base : '?';
    }
  }
  return out.replace(/\r\n?/g, '\n');
}

const isEmpty = (v: string | string[] | null) => v === null || (typeof v === 'string' ? v.trim() === '' : v.every((s) => s.trim() === ''));

export function renderPdf(model: PdfDocModel): Readable {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true, // the footer needs the page count: pages are finished at the end
    lang: 'de-DE',
    displayTitle: true,
    info: { Title: pdfSafeText(model.title), Creator: 'KiTa-Portal' },
  });
  const width = doc.page.width - MARGIN * 2;

  const ensureSpace = (height: number) => {
    if (doc.y + height > doc.page.maxY()) doc.addPage();
  };

  doc.font('Helvetica-Bold').fontSize(18).fillColor(BLACK).text(pdfSafeText(model.title), { width });
  if (model.subtitle) doc.moveDown(0.2).font('Helvetica').fontSize(12).fillColor(GREY).text(pdfSafeText(model.subtitle), { width });
  doc.moveDown(0.6).fontSize(10).fillColor(BLACK);
  for (const m of model.meta) {
    doc
      .font('Helvetica-Bold')
      .text(`${pdfSafeText(m.label)}: `, { continued: true, width })
      .font('Helvetica')
      .text(pdfSafeText(m.value) || NO_ANSWER);
  }

  for (const section of model.sections) {
    doc.moveDown(1.2);
    ensureSpace(60); // a section title never sits alone at the foot of a page
    doc.font('Helvetica-Bold').fontSize(14).fillColor(BLACK).text(pdfSafeText(section.title), { width });
    const lineY = doc.y + 2;
    doc
      .moveTo(MARGIN, lineY)
      .lineTo(MARGIN + width, lineY)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y = lineY + 6;

    for (const item of section.items) {
      doc.moveDown(0.6);
      ensureSpace(40);
      doc.font('Helvetica-Bold').fontSize(10.5).fillColor(BLACK).text(pdfSafeText(item.label), { width });
      doc.moveDown(0.15).font('Helvetica').fontSize(10.5);
      if (isEmpty(item.value)) {
        doc.font('Helvetica-Oblique').fillColor(GREY).text(NO_ANSWER, { width }).fillColor(BLACK);
      } else if (Array.isArray(item.value)) {
        doc.list(item.value.filter((v) => v.trim() !== '').map(pdfSafeText), { width, bulletRadius: 1.5, textIndent: 12, bulletIndent: 2 });
      } else {
        doc.text(pdfSafeText(item.value!), { width, lineGap: 1.5 });
      }
      for (const image of item.images ?? []) drawImage(doc, image, width, ensureSpace);
    }
  }

  if (model.notice) {
    doc.moveDown(1.5);
    ensureSpace(30);
    doc.font('Helvetica-Oblique').fontSize(9).fillColor(GREY).text(pdfSafeText(model.notice), { width });
  }

  writeFooters(doc, width);
  doc.end();
  return doc;
}

/** pdfkit's documented doc.openImage (parse once, then place), missing from @types/pdfkit */
type OpenedImage = { width: number; height: number };
const openImage = (doc: PDFKit.PDFDocument, data: Buffer) => (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(data);

function drawImage(doc: PDFKit.PDFDocument, image: PdfImage, width: number, ensureSpace: (h: number) => void) {
  let img: OpenedImage;
  try {
    img = openImage(doc, image.data);
    // by content, as pdfkit decides (JPEGs are embedded as they are, never decoded)
    const png = image.data[0] === 0x89 && image.data[1] === 0x50;
    if (png && img.width * img.height > MAX_PNG_PIXELS) throw new Error('too many pixels');
  } catch {
    doc
      .moveDown(0.3)
      .font('Helvetica-Oblique')
      .fillColor(GREY)
      .text('[Bild konnte nicht gelesen werden]', { width })
      .fillColor(BLACK)
      .font('Helvetica');
    return;
  }
  const scale = Math.min(width / img.width, MAX_IMAGE_HEIGHT / img.height);
  const w = img.width * scale;
  const h = img.height * scale;
  doc.moveDown(0.4);
  ensureSpace(h);
  // an opened image is accepted wherever a source is (pdfkit checks for width/height)
  doc.image(img as unknown as Buffer, doc.page.margins.left, doc.y, { width: w, height: h });
  doc.y += h + 4;
}

function writeFooters(doc: PDFKit.PDFDocument, width: number) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // writing into the bottom margin would open a new page: lift the margin while the footer is written
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(GREY)
      .text(`Seite ${i - range.start + 1} von ${range.count}`, MARGIN, doc.page.height - MARGIN, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
