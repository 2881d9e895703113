import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * Certificates (Urkunden, Teilnahmebescheinigungen; issue 37) as an accessible A4 PDF, one page per certificate,
 * streamed. Runs in the PDF worker threads (pdf-pool.ts), like the documentation PDF.
 *
 * Accessible (PDF/UA-1, BITV 2.0): tagged (pdfkit's structure tree: one `Sect` per page with its `H1`, `P` and
 * `Figure` elements in reading order), `/Lang de-DE`, the title shown as the window title (DisplayDocTitle), the
 * PDF/UA identification in the XMP metadata, every image a `Figure` with alternative text, the frame and the
 * signature lines artifacts. The font is Liberation Sans (SIL OFL, server/lib/fonts), embedded as a subset with its
 * ToUnicode map, so every letter (umlauts, ß, „“, Turkish or Polish names) is text a reader can extract; the
 * standard Helvetica of the documentation PDF is not embedded and PDF/UA forbids that.
 *
 * Images arrive once in `images` (the template's logo and signatures, our own re-encoded copies) and pages refer to
 * them by index, so a batch of 300 pages embeds each image once. The QR code is drawn as vector squares.
 */
export type CertificateImage = { data: Buffer; mime: 'image/jpeg' | 'image/png' };

export type CertificatePage = {
  heading: string;
  /** the text: paragraphs in reading order */
  paragraphs: string[];
  /** label/value lines below the text (Teilnahmebescheinigung: Veranstaltung, Datum, Dauer, Ort, Veranstalter) */
  facts: { label: string; value: string }[];
  /** "Ausgestellt am 14.11.2026" */
  issuedLine: string;
  signatures: { name: string; role: string; image: number | null }[];
  logo: number | null;
  /** the alternative text of the logo */
  logoAlt: string;
  /** "ABCD-EFGH-JKMN" */
  code: string;
  checkUrl: string;
};

export type CertificateDocModel = { title: string; pages: CertificatePage[]; images: CertificateImage[] };

const CM = 72 / 2.54;
const MARGIN = 2.2 * CM;
const PAGES_PER_BATCH = 10;
const GREEN = '#2f6b3a';
const GREY = '#555555';
const BLACK = '#000000';

const fontDir = fileURLToPath(new URL('./fonts/', import.meta.url));
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(`${fontDir}LiberationSans-Regular.ttf`),
    bold: readFileSync(`${fontDir}LiberationSans-Bold.ttf`),
  });

type Doc = PDFKit.PDFDocument;
/** pdfkit's documented structure API (doc.struct, addStructure, markContent), missing from @types/pdfkit */
type StructElement = { add(child: StructElement | (() => void)): StructElement; end(): void };
type Tagged = {
  struct(type: string, children?: (() => void) | StructElement[]): StructElement;
  struct(type: string, options: { alt?: string; lang?: string }, children?: (() => void) | StructElement[]): StructElement;
  addStructure(e: StructElement): void;
  markContent(tag: string, options?: { type?: string }): void;
  endMarkedContent(): void;
  openImage(src: Buffer): { width: number; height: number };
};
const tagged = (doc: Doc) => doc as unknown as Tagged;

/** the text without control characters; the embedded font shows everything else it has */
const clean = (s: string) =>
  [...s.normalize('NFC')]
    .filter((ch) => {
      const cp = ch.codePointAt(0)!;
      return ch === '\n' || !(cp < 0x20 || (cp >= 0x7f && cp < 0xa0));
    })
    .join('');

/**
 * The certificates as a stream that draws pages only as fast as its reader takes them: a batch of pages is drawn when
 * the reader asks for more (Readable.from's backpressure), and what pdfkit wrote for it is handed on as one chunk.
 * pdfkit pushes each object as many small chunks; a batch of 1,000 drawn in one go would hold them all until the end.
 */
export function renderCertificates(model: CertificateDocModel): Readable {
  return Readable.from(certificateChunks(model), { objectMode: false });
}

async function* certificateChunks(model: CertificateDocModel): AsyncGenerator<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    autoFirstPage: false,
    pdfVersion: '1.7',
    subset: 'PDF/UA',
    tagged: true,
    lang: 'de-DE',
    displayTitle: true,
    // pdfkit's per-word layout cache (a released option since 0.9.1): names, codes and addresses differ on every page,
    // so it only grew (~20 KB a page)
    fontLayoutCache: false,
    info: { Title: clean(model.title), Creator: 'KiTa-Portal', Author: 'KiTa-Portal' },
  } as unknown as PDFKit.PDFDocumentOptions);
  const out = doc as unknown as Readable;
  doc.registerFont('Regular', regular);
  doc.registerFont('Bold', bold);
  const t = tagged(doc);
  // each image opened once: pdfkit then embeds it once however many pages show it
  const opened = model.images.map((img) => {
    try {
      return t.openImage(img.data);
    } catch {
      return null;
    }
  });
  const document = t.struct('Document');
  t.addStructure(document);
  for (const [i, page] of model.pages.entries()) {
    drawPage(doc, t, document, page, opened);
    if (i % PAGES_PER_BATCH === PAGES_PER_BATCH - 1) {
      // everything pdfkit wrote so far, as one chunk: read() until it answers null (how much one read() answers
      // differs between Node versions: all that is buffered on Node 20, one of pdfkit's small chunks on Node 26)
      const written: Buffer[] = [];
      for (let c = out.read() as Buffer | null; c !== null; c = out.read() as Buffer | null) written.push(c);
      if (written.length > 0) yield Buffer.concat(written);
    }
  }
  document.end();
  doc.end();
  // the rest as one chunk, once pdfkit has finished what it does asynchronously (a PNG's pixels) and written the
  // cross-reference table: a PDF of fewer pages than a batch (a single certificate) is whole before its first byte
  // leaves, so a failure still answers the catalogue's error instead of a broken download
  yield await buffer(out);
}

function artifact(t: Tagged, draw: () => void) {
  t.markContent('Artifact', { type: 'Layout' });
  draw();
  t.endMarkedContent();
}

function drawPage(doc: Doc, t: Tagged, parent: StructElement, page: CertificatePage, images: ({ width: number; height: number } | null)[]) {
  doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  const sect = t.struct('Sect');
  parent.add(sect);

  // the frame: decoration
  artifact(t, () => {
    doc
      .lineWidth(2)
      .strokeColor(GREEN)
      .rect(1.2 * CM, 1.2 * CM, doc.page.width - 2.4 * CM, doc.page.height - 2.4 * CM)
      .stroke();
    doc
      .lineWidth(0.5)
      .rect(1.45 * CM, 1.45 * CM, doc.page.width - 2.9 * CM, doc.page.height - 2.9 * CM)
      .stroke();
  });

  let y = MARGIN + 0.4 * CM;
  const logo = page.logo === null ? null : images[page.logo];
  if (logo) {
    const scale = Math.min((6 * CM) / logo.width, (3 * CM) / logo.height);
    const w = logo.width * scale;
    const h = logo.height * scale;
    sect.add(
      t.struct('Figure', { alt: clean(page.logoAlt) }, () => {
        doc.image(logo as unknown as Buffer, (doc.page.width - w) / 2, y, { width: w, height: h });
      }),
    );
    y += h + 0.8 * CM;
  } else {
    y += 1.5 * CM;
  }

  doc.font('Bold').fontSize(30).fillColor(GREEN);
  sect.add(
    t.struct('H1', () => {
      doc.text(clean(page.heading), MARGIN, y, { width, align: 'center' });
    }),
  );
  doc.moveDown(1.2);

  doc.font('Regular').fontSize(14).fillColor(BLACK);
  for (const p of page.paragraphs) {
    sect.add(
      t.struct('P', () => {
        doc.text(clean(p), MARGIN + CM, doc.y, { width: width - 2 * CM, align: 'center', lineGap: 4 });
      }),
    );
    doc.moveDown(0.8);
  }

  if (page.facts.length > 0) {
    doc.moveDown(0.4).fontSize(12);
    for (const f of page.facts) {
      sect.add(
        t.struct('P', () => {
          doc
            .font('Bold')
            .text(`${clean(f.label)}: `, MARGIN + CM, doc.y, { width: width - 2 * CM, continued: true })
            .font('Regular')
            .text(clean(f.value));
        }),
      );
      doc.moveDown(0.35);
    }
  }

  doc.moveDown(1).font('Regular').fontSize(12).fillColor(BLACK);
  sect.add(
    t.struct('P', () => {
      doc.text(clean(page.issuedLine), MARGIN + CM, doc.y, { width: width - 2 * CM, align: 'center' });
    }),
  );

  // signatures: a row of up to three columns above the check code
  const footTop = doc.page.height - MARGIN - 3.2 * CM;
  const sigTop = footTop - 4 * CM;
  const n = page.signatures.length;
  if (n > 0) {
    const col = width / n;
    page.signatures.forEach((s, i) => {
      const x = MARGIN + i * col + 0.3 * CM;
      const w = col - 0.6 * CM;
      const img = s.image === null ? null : images[s.image];
      const lineY = sigTop + 2 * CM;
      if (img) {
        const scale = Math.min(w / img.width, (1.8 * CM) / img.height);
        const iw = img.width * scale;
        const ih = img.height * scale;
        sect.add(
          t.struct('Figure', { alt: `Unterschrift von ${clean(s.name)}` }, () => {
            doc.image(img as unknown as Buffer, x + (w - iw) / 2, lineY - ih - 2, { width: iw, height: ih });
          }),
        );
      }
      artifact(t, () => {
        doc
          .lineWidth(0.6)
          .strokeColor(GREY)
          .moveTo(x, lineY)
          .lineTo(x + w, lineY)
          .stroke();
      });
      doc.font('Bold').fontSize(10.5).fillColor(BLACK);
      sect.add(
        t.struct('P', () => {
          doc.text(clean(s.name), x, lineY + 4, { width: w, align: 'center' });
        }),
      );
      if (s.role) {
        doc.font('Regular').fontSize(9.5).fillColor(GREY);
        sect.add(
          t.struct('P', () => {
            doc.text(clean(s.role), x, doc.y, { width: w, align: 'center' });
          }),
        );
      }
    });
  }

  // the check code and its address, as text and as a QR code
  const qrSize = 2.6 * CM;
  const textWidth = width - qrSize - 0.6 * CM;
  doc.font('Regular').fontSize(9.5).fillColor(BLACK);
  sect.add(
    t.struct('P', () => {
      doc.text(`Prüfcode: ${page.code}`, MARGIN, footTop + 0.4 * CM, { width: textWidth });
    }),
  );
  doc.fontSize(8.5).fillColor(GREY);
  sect.add(
    t.struct('P', () => {
      doc.text(`Echtheit prüfen: ${page.checkUrl}`, MARGIN, doc.y + 2, { width: textWidth });
    }),
  );
  sect.add(
    t.struct('Figure', { alt: `QR-Code mit der Prüfadresse ${page.checkUrl}` }, () => {
      drawQr(doc, page.checkUrl, MARGIN + width - qrSize, footTop, qrSize);
    }),
  );
  sect.end();
}

function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / count;
  doc.fillColor(BLACK);
  for (let r = 0; r < count; r++) {
    for (let c = 0; c < count; c++) {
      if (qr.modules.get(r, c)) doc.rect(x + c * cell, y + r * cell, cell, cell);
    }
  }
  doc.fill();
}
