import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { brokenZlibPng } from '../testing/crafted-png';
import { pdfText } from '../testing/pdf-text';
import type { CertificatePage } from './certificate-pdf';
import type { PdfDocModel } from './pdf';
import { createPdfRenderer, PdfRenderError, STREAM_WINDOW } from './pdf-pool';

const small: PdfDocModel = { title: 'Kurz', meta: [], sections: [{ title: 'Teil', items: [{ label: 'Frage', value: 'Antwort' }] }] };
const withPng = (data: Buffer): PdfDocModel => ({
  ...small,
  sections: [{ title: 'Fotos', items: [{ label: 'Foto', value: 'kaputt.png', images: [{ data, mime: 'image/png' }] }] }],
});
// a few seconds of pdfkit: thousands of wrapped paragraphs
const long: PdfDocModel = {
  ...small,
  sections: [{ title: 'Lang', items: Array.from({ length: 3000 }, (_, i) => ({ label: `Frage ${i}`, value: 'Sehr lange Antwort. '.repeat(40) })) }],
};

const certificate = (i: number): CertificatePage => ({
  heading: 'Urkunde',
  paragraphs: [`Kinderhaus Nummer ${i}`],
  facts: [],
  issuedLine: 'Ausgestellt am 14.11.2026',
  signatures: [],
  logo: null,
  logoAlt: '',
  code: 'ABCD-EFGH-JKMN',
  checkUrl: 'https://portal.example/urkunde-pruefen',
});

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err,
  );

describe('PDF threads', () => {
  const renderer = createPdfRenderer({ threads: 1 });
  afterAll(() => renderer.close());

  it('given a model, renders its PDF in a thread', async () => {
    const { text } = await pdfText(await renderer.render(small));
    expect(text).toContain('Antwort');
  });

  it('given a PNG that makes pdfkit throw in its zlib callback, only the thread dies: the caller gets a PdfRenderError, the next PDF a new thread', async () => {
    const err = await rejection(renderer.render(withPng(brokenZlibPng())));
    expect(err).toBeInstanceOf(PdfRenderError);
    expect(err).toMatchObject({ reason: 'crashed', message: 'incorrect header check' });
    expect((await pdfText(await renderer.render(small))).text).toContain('Antwort');
  });

  it('given jobs while the thread is busy, they wait their turn and each gets its own PDF', async () => {
    const pdfs = await Promise.all(
      ['eins', 'zwei', 'drei'].map((v) => renderer.render({ ...small, sections: [{ title: 'T', items: [{ label: 'F', value: v }] }] })),
    );
    expect(await Promise.all(pdfs.map(async (p) => (await pdfText(p)).text.includes('zwei')))).toEqual([false, true, false]);
  });

  it('given a PDF that takes longer than the timeout, its thread is terminated and the caller gets a timeout; the renderer goes on', async () => {
    await renderer.render(small); // the thread is up: what is timed below is the rendering alone
    // no stopwatch here (speed lives in `npm run bench`): the reason proves the 200 ms limit, not the long PDF, ended it
    const err = await rejection(renderer.render(long, { timeoutMs: 200 }));
    expect(err).toMatchObject({ name: 'PdfRenderError', reason: 'timeout', message: 'the PDF took longer than 200 ms' });
    expect((await pdfText(await renderer.render(small))).text).toContain('Antwort');
  });

  it('given certificates streamed, every page arrives in order; a page that fails before the first chunk rejects, one after it destroys the stream; the thread goes on', async () => {
    const pages = Array.from({ length: 25 }, (_, i) => certificate(i + 1));
    const { text } = await pdfText(await buffer(await renderer.streamCertificates({ title: 'Urkunden', pages, images: [] })));
    expect([...text.matchAll(/Kinderhaus Nummer (\d+)/g)].map((m) => Number(m[1]))).toEqual(pages.map((_, i) => i + 1));

    const broken = { ...certificate(15), paragraphs: null } as unknown as CertificatePage;
    expect(await rejection(renderer.streamCertificates({ title: 'Urkunden', pages: [broken], images: [] }))).toMatchObject({
      name: 'PdfRenderError',
      reason: 'failed',
    });
    const late = await renderer.streamCertificates({ title: 'Urkunden', pages: [...pages.slice(0, 14), broken], images: [] });
    expect(await rejection(buffer(late))).toMatchObject({ name: 'PdfRenderError', reason: 'failed' });
    expect((await pdfText(await renderer.render(small))).text).toContain('Antwort');
  });

  it('given a streamed batch read slowly, the thread stays a few chunks ahead; a reader that stops ends the thread and the next PDF gets a new one', async () => {
    const pages = Array.from({ length: 400 }, (_, i) => certificate(i + 1));
    const stream = await renderer.streamCertificates({ title: 'Urkunden', pages, images: [] });
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.pause();
    // the reader takes nothing: the thread waits after its window instead of drawing the other 390 pages
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // a chunk is ten pages, about 30 KB here; all 400 pages would be about 1.2 MB by now (1.4 MB without the window: tried)
    // the first chunk is the first ten pages, not a piece of one (on Node 26 one read() answers one of pdfkit's chunks)
    expect(first.length).toBeGreaterThan(10_000);
    expect(stream.readableLength).toBeLessThan((STREAM_WINDOW + 1) * 60_000);
    stream.destroy();
    expect(
      (await pdfText(await buffer(await renderer.streamCertificates({ title: 'Urkunden', pages: pages.slice(0, 3), images: [] })))).text,
    ).toContain('Kinderhaus Nummer 3');
  });

  it('given the renderer closed, waiting and new jobs reject', async () => {
    const r = createPdfRenderer({ threads: 1 });
    const running = rejection(r.render(small));
    const waiting = rejection(r.render(small));
    await r.close();
    expect(await waiting).toMatchObject({ reason: 'failed' });
    expect(await running).toMatchObject({ reason: 'failed' });
    expect(await rejection(r.render(small))).toMatchObject({ reason: 'failed' });
  });
});
