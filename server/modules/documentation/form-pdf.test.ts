import { describe, expect, it } from 'vitest';
import { fixtureFiles } from '../../testing/fixture-files';
import { pdfText } from '../../testing/pdf-text';
import { renderPdf } from '../../lib/pdf';
import { defaultTemplateSections, photoConsentLabel } from './default-template';
import { documentationPdfName, formPdfModel } from './form-pdf';

const input = {
  facility: { label: 'Kinderhaus Sonnenschein', postalCode: '80802', city: 'München' },
  season: { label: 'KiTa-Jahr 2026/27' },
  state: 'submitted' as const,
  submittedAt: new Date('2027-06-20T12:32:00Z'),
  sections: defaultTemplateSections,
  answers: {
    projekttitel: 'Vom Korn zum Brot',
    themen: ['wasser', 'sonstiges'],
    themen_sonstiges: 'Boden',
    anzahl_kinder: 24,
    projektbeginn: '2027-03-01',
    fotos: { consent: true },
    alte_frage: 'Antwort auf eine gestrichene Frage',
  },
  files: [
    { questionKey: 'fotos', name: 'Mühle.jpg', contentType: 'image/jpeg', image: { data: fixtureFiles.jpeg.buffer, mime: 'image/jpeg' as const } },
    { questionKey: 'fotos', name: 'Feld.webp', contentType: 'image/webp', image: null },
    { questionKey: 'weitere_dokumente', name: 'Artikel.pdf', contentType: 'application/pdf', image: null },
  ],
  generatedAt: new Date('2027-06-21T08:00:00Z'),
};

describe('the form as PDF', () => {
  it('formPdfModel: choices as labels, dates German, files by name with the photos, the consent, removed questions at the end', () => {
    const model = formPdfModel(input);
    expect(model).toMatchObject({
      title: 'Dokumentationsbogen',
      subtitle: 'Kinderhaus Sonnenschein – KiTa-Jahr 2026/27',
      notice: 'Erstellt am 21.06.2027, 10:00 Uhr.',
    });
    expect(model.meta).toEqual([
      { label: 'KiTa', value: 'Kinderhaus Sonnenschein' },
      { label: 'Ort', value: '80802 München' },
      { label: 'KiTa-Jahr', value: 'KiTa-Jahr 2026/27' },
      { label: 'Status', value: 'eingereicht' },
      { label: 'Eingereicht am', value: '20.06.2027, 14:32 Uhr' },
    ]);
    const items = new Map(model.sections.flatMap((s) => s.items).map((i) => [i.label, i]));
    expect(items.get('Themenbereiche')?.value).toEqual(['Wasser', 'Sonstiges']);
    expect(items.get('Projektbeginn')?.value).toBe('01.03.2027');
    expect(items.get('Projektende')?.value).toBeNull();
    expect(items.get('Anzahl der beteiligten Kinder')?.value).toBe('24');
    expect(items.get('Fotos aus dem Projekt')).toMatchObject({ value: ['Mühle.jpg', 'Feld.webp'], images: [{ mime: 'image/jpeg' }] });
    expect(items.get(photoConsentLabel)?.value).toBe('Ja');
    expect(items.get('Weitere Dokumente')?.value).toEqual(['Artikel.pdf']);
    expect(model.sections.at(-1)).toEqual({
      title: 'Weitere Angaben (Fragen, die nicht mehr in der Vorlage stehen)',
      items: [{ label: 'alte_frage', value: 'Antwort auf eine gestrichene Frage' }],
    });
  });

  it('renders to a PDF whose text holds the answers and one embedded photo', async () => {
    const pdf = await pdfText(renderPdf(formPdfModel(input)));
    for (const s of ['Vom Korn zum Brot', 'Wasser', 'Boden', '01.03.2027', 'Mühle.jpg', 'Antwort auf eine gestrichene Frage', '– keine Angabe –'])
      expect(pdf.text).toContain(s);
    expect(pdf.images).toBe(1);
  });

  it('names the file after the KiTa and the season', () => {
    expect(documentationPdfName('Kinderhaus „Sonnenschein“ Süd/Ost', '2026-27')).toBe(
      'dokumentationsbogen-kinderhaus-sonnenschein-sued-ost-2026-27.pdf',
    );
  });
});
