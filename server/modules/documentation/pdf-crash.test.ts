import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brokenZlibPng, hugeClaimPng } from '../../testing/crafted-png';
import { createFacility, enrol } from '../../testing/factories';
import { pdfText } from '../../testing/pdf-text';
import { createTestWorld } from '../../testing/test-world';
import type { DbOrTx } from '../../db/client';
import type { FileStorage } from '../../lib/file-storage';
import { mailOutbox } from '../mail/mail.table';
import { seasons } from '../seasons/seasons.table';
import { documentationFiles } from './documentation.table';
import { createForm, documentationFixture, inDays } from './test-helpers';
import { zipEntries } from '../../testing/zip-entries';

/**
 * Issue 18: a PNG that pdfkit's decoder throws on inside an asynchronous zlib callback ended the server whenever the
 * form's PDF was built (the submission mail, the jury's download, the season ZIP). The files are put into the storage
 * directly, bypassing the upload's checks, as legacy data could hold them. Before the PDF threads each of these tests
 * ended the test process.
 */

/** a photo row and its bytes, as an upload would have left them */
async function storePhoto(db: DbOrTx, storage: FileStorage, formId: number, name: string, bytes: Buffer) {
  const storageKey = `documentation/test/${randomBytes(8).toString('hex')}`;
  await storage.put(storageKey, bytes, { contentType: 'image/png', size: bytes.length });
  await db.insert(documentationFiles).values({ formId, questionKey: 'fotos', storageKey, name, contentType: 'image/png', size: bytes.length });
}

const w = createTestWorld(async () => {
  const f = await documentationFixture();
  await f.db
    .update(seasons)
    .set({ allowDocumentation: true, documentationDeadline: inDays(30) })
    .where(eq(seasons.id, f.season.id));
  const answers = { titel: 'Hochbeet für alle', beschreibung: 'Wir haben gepflanzt.', fotos: { consent: true } };
  // the member's KiTa: a draft with the broken PNG, submitted in a test below
  const broken = await createForm(f.db, f.facility.id, f.season.id, { answers });
  await storePhoto(f.db, f.t.fileStorage, broken.id, 'kaputt.png', brokenZlibPng());
  // a submitted form whose PNG claims 60000 × 60000 pixels
  const huge = await createFacility(f.db, { label: 'Kita Riesenbild' });
  await enrol(f.db, huge.id, f.season.id);
  const hugeForm = await createForm(f.db, huge.id, f.season.id, { state: 'submitted', answers });
  await storePhoto(f.db, f.t.fileStorage, hugeForm.id, 'riesig.png', hugeClaimPng());
  // and a sound one
  const sound = await createFacility(f.db, { label: 'Kita Ährenfeld' });
  await enrol(f.db, sound.id, f.season.id);
  await createForm(f.db, sound.id, f.season.id, { state: 'submitted', answers: { titel: 'Wasser sparen' } });
  return { ...f, broken, huge, sound };
});

const base = () => `/api/admin/documentation/${w.season.identifier}`;
const alive = async () => expect((await w.call('member', { method: 'GET', url: '/api/loginstatus' })).statusCode).toBe(200);

describe('a crafted PNG in a form (issue 18)', () => {
  it('given the 74-byte PNG with broken compressed data, the PDF download answers 409 in German and the server lives on', async () => {
    expect(brokenZlibPng()).toHaveLength(74);
    // the form is still a draft: admins see it (the jury sees submitted forms only)
    const res = await w.call('admin', { method: 'GET', url: `${base()}/${w.facility.id}/pdf` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: { code: 'pdf_failed', message: expect.stringContaining('Das PDF dieses Dokumentationsbogens ließ sich nicht erstellen') },
    });
    await alive();
    // the next PDF gets a fresh thread
    const sound = await w.call('jury', { method: 'GET', url: `${base()}/${w.sound.id}/pdf` });
    expect(sound.statusCode).toBe(200);
    expect((await pdfText(sound.rawPayload)).text).toContain('Wasser sparen');
  });

  it('given the 68-byte PNG claiming 60000 × 60000 pixels, the PDF shows it as unreadable instead of decoding it', async () => {
    expect(hugeClaimPng()).toHaveLength(68);
    const res = await w.call('jury', { method: 'GET', url: `${base()}/${w.huge.id}/pdf` });
    expect(res.statusCode).toBe(200);
    const { text, images } = await pdfText(res.rawPayload);
    expect(text).toContain('[Bild konnte nicht gelesen werden]');
    expect(images).toBe(0);
    await alive();
  });

  it('given the broken PNG, "Einreichen" submits and the confirmation mail goes out without the PDF, saying so', async () => {
    const form = await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/documentation` });
    const res = await w.call('member', {
      method: 'POST',
      url: `/api/facilities/${w.facility.id}/documentation/submit`,
      payload: { version: form.json().version },
    });
    expect(res.statusCode).toBe(200);
    await w.t.flushMail();
    const mail = w.t.mails.find((m) => m.subject === `Dokumentationsbogen eingereicht: ${w.season.label}`);
    expect(mail?.to).toBe(w.users.member.email);
    expect(mail!.attachments ?? []).toEqual([]);
    expect(mail!.text).toContain('Das PDF des Bogens ließ sich diesmal nicht erstellen; du findest den Bogen im Portal.');
    expect(mail!.text).not.toContain('im Anhang');
    const rows = await w.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'documentation-submitted'));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['sent', 1]]);
    await alive();
  });

  it('given the broken PNG among the season, the ZIP completes: a text file in place of that PDF, the others as PDFs', async () => {
    const res = await w.call('admin', { method: 'GET', url: `${base()}/forms.zip` });
    expect(res.statusCode).toBe(200);
    const entries = await zipEntries(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['Kinderhaus Sonnenschein – PDF fehlt.txt', 'Kita Ährenfeld.pdf', 'Kita Riesenbild.pdf']);
    expect(entries[0]!.body.toString('utf8')).toContain(
      'Der Dokumentationsbogen der KiTa „Kinderhaus Sonnenschein“ ließ sich nicht als PDF erstellen',
    );
    for (const e of entries.slice(1)) expect(e.body.subarray(0, 5).toString()).toBe('%PDF-');
    await alive();
  });
});
