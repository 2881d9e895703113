import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFacility, enrol } from '../../testing/factories';
import { pdfText } from '../../testing/pdf-text';
import { createTestWorld } from '../../testing/test-world';
import { createForm, documentationFixture } from './test-helpers';
import { formPdfEntries } from './zip-forms';
import { zipEntries } from '../../testing/zip-entries';

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

const base = () => `/api/admin/documentation/${w.season.identifier}`;
const deps = () => ({ db: w.db, storage: w.t.app.fileStorage, renderer: w.t.app.pdf, log: w.t.app.log });

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
    const entries = await zipEntries(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['Kinderhaus Sonnenschein.pdf', 'Kita Ährenfeld.pdf']);
    for (const e of entries) expect(e.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfText(entries[1]!.body)).text).toContain('Wasser sparen');
    expect((await w.call('admin', { method: 'GET', url: '/api/admin/documentation/1999-00/forms.zip' })).statusCode).toBe(404);
  });

  it('given the entries, each PDF is made when the ZIP pulls the entry before it (at most two forms in memory)', async () => {
    let made = 0;
    const pdf = async () => {
      made += 1;
      return Buffer.from('%PDF-1.4 stub');
    };
    const entries = formPdfEntries(deps(), w.season.id, pdf);
    expect(made).toBe(0);
    await entries.next();
    expect(made).toBe(2);
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
    for await (const e of formPdfEntries(deps(), w.season.id, async () => Buffer.from('%PDF-1.4 stub'))) names.push(e.name);
    expect(names).toEqual(['Kinderhaus Sonnenschein.pdf', `KiTa ${merged.id}.pdf`, 'Kita Ährenfeld.pdf']);
  });
});
