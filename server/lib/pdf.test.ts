import { describe, expect, it } from 'vitest';
import { fixtureFiles } from '../testing/fixture-files';
import { pdfText } from '../testing/pdf-text';
import { NO_ANSWER, pdfSafeText, renderPdf, type PdfDocModel } from './pdf';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

const longAnswer = Array.from(
  { length: 60 },
  (_, i) => `Absatz ${i + 1}: Die Kinder haben im Garten Kräuter gepflanzt, gegossen und beobachtet, wie sie wachsen – jeden Tag ein bisschen mehr.`,
).join('\n');

const model: PdfDocModel = {
  title: 'Dokumentation „Gesunde Ernährung“',
  subtitle: 'KiTa Sonnenschein – Förderjahr 2026/27',
  meta: [
    { label: 'KiTa', value: 'Kindertagesstätte Schöne Aussicht e. V.' },
    { label: 'Eingereicht am', value: '23.11.2026, 14:32 Uhr' },
  ],
  sections: [
    {
      title: 'Grundsätzliches',
      items: [
        { label: 'Worum ging es?', value: 'Größere Portionen Gemüse, weniger Süßes: „Jeden Tag ein Apfel“ – für alle Kinder.' },
        { label: 'Wer hat mitgemacht?', value: ['Erzieherinnen der Bärengruppe', 'Eltern (Frühstücksbuffet)', 'Hausmeister Jürgen Weiß'] },
        { label: 'Was ist offen?', value: null },
        { label: 'Noch etwas?', value: '   ' },
      ],
    },
    {
      title: 'Ablauf',
      items: [
        { label: 'Wie lief es?', value: longAnswer },
        {
          label: 'Fotos',
          value: 'Zwei Bilder vom Beet.',
          images: [
            { data: fixtureFiles.jpeg.buffer, mime: 'image/jpeg' },
            { data: fixtureFiles.png.buffer, mime: 'image/png' },
          ],
        },
      ],
    },
  ],
  notice: 'Diese PDF wurde automatisch erstellt. Änderungen nur im Portal.',
};

describe('renderPdf', () => {
  it('given a model with umlauts, ß, „quotes“ and en dashes, the PDF text says them exactly', async () => {
    const { text, bytes } = await pdfText(renderPdf(model));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const t = squash(text);
    expect(t).toContain('Dokumentation „Gesunde Ernährung“');
    expect(t).toContain('KiTa Sonnenschein – Förderjahr 2026/27');
    expect(t).toContain('KiTa: Kindertagesstätte Schöne Aussicht e. V.');
    expect(t).toContain('Größere Portionen Gemüse, weniger Süßes: „Jeden Tag ein Apfel“ – für alle Kinder.');
    expect(t).toContain('Hausmeister Jürgen Weiß');
    expect(t).toContain('Diese PDF wurde automatisch erstellt. Änderungen nur im Portal.');
  });

  it('given null or blank answers, prints "– keine Angabe –" for each', async () => {
    const { text } = await pdfText(renderPdf(model));
    const t = squash(text);
    expect(t).toContain(`Was ist offen? ${NO_ANSWER}`);
    expect(t).toContain(`Noch etwas? ${NO_ANSWER}`);
  });

  it('given a long answer, wraps it over several pages, every word kept in order, and numbers the pages', async () => {
    const { pages, totalPages, text } = await pdfText(renderPdf(model));
    expect(totalPages).toBeGreaterThanOrEqual(3);
    pages.forEach((p, i) => expect(p).toContain(`Seite ${i + 1} von ${totalPages}`));
    const withoutFooters = squash(text.replace(/Seite \d+ von \d+/g, ' '));
    for (const line of longAnswer.split('\n')) expect(withoutFooters).toContain(squash(line));
    // the answer runs on over at least two pages
    expect(pages.filter((p) => p.includes('Absatz')).length).toBeGreaterThanOrEqual(2);
  });

  it('given the JPEG and PNG fixtures, embeds both images; a broken image is named, not fatal', async () => {
    const { images } = await pdfText(renderPdf(model));
    expect(images).toBeGreaterThanOrEqual(2); // the PNG's alpha channel adds a soft mask image

    const broken: PdfDocModel = {
      title: 'Kaputt',
      meta: [],
      sections: [{ title: 'Fotos', items: [{ label: 'Bild', value: null, images: [{ data: fixtureFiles.fakeJpeg.buffer, mime: 'image/jpeg' }] }] }],
    };
    const { text, images: none } = await pdfText(renderPdf(broken));
    expect(squash(text)).toContain('[Bild konnte nicht gelesen werden]');
    expect(none).toBe(0);
  });

  it('given many images, scales each to the page and never splits one across pages', async () => {
    const photos = Array.from({ length: 7 }, () => ({ data: fixtureFiles.jpeg.buffer, mime: 'image/jpeg' as const }));
    const { totalPages, images } = await pdfText(
      renderPdf({ title: 'Fotos', meta: [], sections: [{ title: 'Fotos', items: [{ label: 'Alle', value: 'Sieben Fotos', images: photos }] }] }),
    );
    // 8 cm high each (40x30 scaled to the 17 cm text width would be 12.7 cm: the height wins), 2 on a page
    expect(totalPages).toBe(4);
    expect(images).toBe(7);
  });
});

describe('pdfSafeText', () => {
  it('given German, keeps it; given letters outside the font, writes them without accent or as ?', () => {
    expect(pdfSafeText('Grüße, „Zitat“ – ‚einfach‘ … 5 €')).toBe('Grüße, „Zitat“ – ‚einfach‘ … 5 €');
    expect(pdfSafeText('Yıldız Şahin, Łukasz, Dvořák')).toBe('Yildiz Sahin, Lukasz, Dvorák');
    expect(pdfSafeText('Привет 🙂')).toBe('?????? ?');
    expect(pdfSafeText('a\u0308\tb\u0000c\r\nd')).toBe('ä bc\nd');
  });
});
