import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { createFacility, enrol } from '../../testing/factories';
import { pdfText } from '../../testing/pdf-text';
import { createTestWorld } from '../../testing/test-world';
import { createForm, documentationFixture } from './test-helpers';
import { formPdfEntries } from './zip-forms';

const w = createTestWorld(async () => {
  const f = await documentationFixture();
  await createForm(f.db, f.facility.id, f.season.id, { state: 'submitted', answers: { titel: 'Hochbeet für alle', kinder: 24 } });
  const approved = await createFacility(f.db, { label: 'Kita Ährenfeld' });
  await enrol(f.db, approved.id, f.season.id);
  await createForm(f.db, approved.id, f.season.id, { state: 'approved', answers: { titel: 'Wasser sparen' } });
  const draft = await createFacility(f.db, { label: 'Kita Entwurf' });
  await enrol(f.db, draft.id, f.season.id);
  await createForm(f.db, draft.id, f.season.id, { state: 'draft', answers: { titel: 'Noch nicht fertig' } });
  return { ...f, approved, draft };
});

async function readZip(zip: Buffer) {
  const file = await promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer)(zip, { lazyEntries: true, decodeStrings: true });
  const openEntry = promisify(file.openReadStream.bind(file)) as (e: yauzl.Entry) => Promise<Readable>;
  const entries: { name: string; body: Buffer }[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      openEntry(entry)
        .then(async (s) => {
          const chunks: Buffer[] = [];
          for await (const c of s) chunks.push(c as Buffer);
          entries.push({ name: entry.fileName, body: Buffer.concat(chunks) });
          file.readEntry();
        })
        .catch(reject);
    });
    file.on('end', () => resolve());
    file.on('error', reject);
    file.readEntry();
  });
  return entries;
}

const base = () => `/api/admin/documentation/${w.season.identifier}`;

describe('form PDF and the season ZIP', () => {
  it('given a form, the PDF is an attachment with the KiTa and its answers', async () => {
    const res = await w.call('jury', { method: 'GET', url: `${base()}/${w.facility.id}/pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="dokumentationsbogen-kinderhaus-sonnenschein-2026-27.pdf"');
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Kinderhaus Sonnenschein');
    expect(text).toContain('Hochbeet für alle');
    expect((await w.call('jury', { method: 'GET', url: `${base()}/${w.otherFacility.id}/pdf` })).statusCode).toBe(404);
    expect((await w.call('member', { method: 'GET', url: `${base()}/${w.facility.id}/pdf` })).statusCode).toBe(403);
  });

  it('given the season, the ZIP holds one PDF per submitted form (no drafts), read back entry by entry', async () => {
    const res = await w.call('admin', { method: 'GET', url: `${base()}/forms.zip` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="dokumentationsboegen-2026-27.zip"');
    const entries = await readZip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['Kinderhaus Sonnenschein.pdf', 'Kita Ährenfeld.pdf']);
    for (const e of entries) expect(e.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfText(entries[1]!.body)).text).toContain('Wasser sparen');
    expect((await w.call('admin', { method: 'GET', url: '/api/admin/documentation/1999-00/forms.zip' })).statusCode).toBe(404);
  });

  it('given the entries, each PDF is made only when the ZIP pulls it (one form in memory at a time)', async () => {
    let made = 0;
    const pdf = () => {
      made += 1;
      return Readable.from([Buffer.from('%PDF-1.4 stub')]);
    };
    const entries = formPdfEntries(w.db, w.t.app.fileStorage, w.season.id, pdf);
    expect(made).toBe(0);
    await entries.next();
    expect(made).toBe(1);
    await entries.next();
    expect(made).toBe(2);
    expect((await entries.next()).done).toBe(true);
  });

  it('given a KiTa merged into another, its form is named "KiTa {id}" and sorted by that name', async () => {
    const merged = await createFacility(w.db, { label: 'Kita Aaa Zusammengelegt' });
    await enrol(w.db, merged.id, w.season.id);
    await createForm(w.db, merged.id, w.season.id, { state: 'submitted', answers: { titel: 'Zusammengelegt' } });
    await w.db.execute(sql`update facilities set merged_into_id = ${w.facility.id} where id = ${merged.id}`);
    const names: string[] = [];
    for await (const e of formPdfEntries(w.db, w.t.app.fileStorage, w.season.id, () => Readable.from([Buffer.from('%PDF-1.4 stub')]))) names.push(e.name);
    expect(names).toEqual(['Kinderhaus Sonnenschein.pdf', `KiTa ${merged.id}.pdf`, 'Kita Ährenfeld.pdf']);
  });
});
