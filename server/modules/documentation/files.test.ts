import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { documentationFormSchema, uploadedFileSchema } from '../../../src/shared/contracts/documentation';
import { DOC_LIMITS } from '../../../src/shared/contracts/documentation-template';
import { fixtureFiles } from '../../testing/fixture-files';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { auditLog } from '../audit/audit.table';
import { documentationFiles, documentationForms } from './documentation.table';
import { docFixture, inDays } from './test-helpers';

const f = createTestWorld(docFixture);

const base = (facilityId = f.facility.id) => `/api/facilities/${facilityId}/documentation`;
const upload = (body: Buffer, query: { questionKey?: string; name?: string } = {}, facilityId?: number): InjectOptions => ({
  method: 'POST',
  url: `${base(facilityId)}/files?${new URLSearchParams({ questionKey: 'fotos', name: 'foto.jpg', ...query })}`,
  headers: { 'content-type': 'application/octet-stream' },
  payload: body,
});
const storedFiles = () => (f.t.fileStorage as unknown as { files: Map<string, { body: Buffer; contentType: string }> }).files;

describe('photos and documents of the form', () => {
  it('given the real JPEG and PNG, stores their re-encoded copies with the type and size of what is stored (the form is created), audited', async () => {
    const jpeg = parseAnswer(uploadedFileSchema, await f.call('member', upload(fixtureFiles.jpeg.buffer, { name: 'Brot backen.jpg' })), 201);
    expect(jpeg).toMatchObject({
      questionKey: 'fotos',
      name: 'Brot backen.jpg',
      contentType: 'image/jpeg',
      width: 40,
      height: 30,
      uploadedBy: 'Maria Mitglied',
    });
    const storedJpeg = [...storedFiles().values()][0]!;
    expect(jpeg.size).toBe(storedJpeg.body.length);
    expect(jpeg.url).toBe(`${base()}/files/${jpeg.id}`);
    const png = parseAnswer(
      uploadedFileSchema,
      await f.call('member', upload(fixtureFiles.png.buffer, { name: 'Plakat.png', questionKey: 'weitere_dokumente' })),
      201,
    );
    expect(png).toMatchObject({ contentType: 'image/png', width: 48, height: 32 });
    const pdf = parseAnswer(
      uploadedFileSchema,
      await f.call('member', upload(fixtureFiles.pdf.buffer, { name: 'Zeitungsartikel.pdf', questionKey: 'weitere_dokumente' })),
      201,
    );
    expect(pdf).toMatchObject({ contentType: 'application/pdf', width: null, height: null });
    expect(storedFiles().size).toBe(3);
    const form = parseAnswer(documentationFormSchema, await f.call('member', { method: 'GET', url: base() }));
    expect(form.files.map((x) => x.name)).toEqual(['Brot backen.jpg', 'Plakat.png', 'Zeitungsartikel.pdf']);
    // a PDF is stored as it came; photos by their re-encoded size
    expect(pdf.size).toBe(fixtureFiles.pdf.buffer.length);
    expect(form.limits.usedBytes).toBe(jpeg.size + png.size + pdf.size);
    // an upload does not move the form's version (the client's next submit still fits)
    expect(form.version).toBe(0);
    expect(await f.db.select().from(auditLog).where(eq(auditLog.action, 'documentation_form.upload_file'))).toHaveLength(3);
  });

  it('given a member, GET streams the stored photo with its type, inline, never cached, never sniffed, its name in UTF-8', async () => {
    const [row] = await f.db.select().from(documentationFiles).where(eq(documentationFiles.name, 'Brot backen.jpg'));
    const res = await f.call('member', { method: 'GET', url: `${base()}/files/${row!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline; filename="Brot backen.jpg"; filename*=UTF-8\'\'Brot%20backen.jpg');
    expect(res.rawPayload.equals(storedFiles().get(row!.storageKey)!.body)).toBe(true);
    // admins may read it too
    expect((await f.call('admin', { method: 'GET', url: `${base()}/files/${row!.id}` })).statusCode).toBe(200);
  });

  it("given another KiTa's file id (or a guessed one), answers 404; a non-member 403", async () => {
    const theirs = parseAnswer(uploadedFileSchema, await f.asThird(upload(fixtureFiles.jpeg.buffer, {}, f.third.id)), 201);
    const foreign = reasonOfAnswer(await f.call('member', { method: 'GET', url: `${base()}/files/${theirs.id}` }), 404);
    expect(foreign.message).toBe('Diese Datei gibt es nicht (mehr).');
    expect(reasonOfAnswer(await f.call('member', { method: 'GET', url: `${base()}/files/999999` }), 404).code).toBe('not_found');
    expect(reasonOfAnswer(await f.call('member', { method: 'DELETE', url: `${base()}/files/${theirs.id}` }), 404).code).toBe('not_found');
    expect(reasonOfAnswer(await f.call('otherMember', { method: 'GET', url: `${base(f.third.id)}/files/${theirs.id}` }), 403).code).toBe('forbidden');
    expect(reasonOfAnswer(await f.call('otherMember', upload(fixtureFiles.jpeg.buffer)), 403).code).toBe('forbidden');
    expect((await f.call('anonymous', upload(fixtureFiles.jpeg.buffer))).statusCode).toBe(401);
  });

  it('given a text file named .jpg, refuses it with the German message (its content counts, not its name); a PDF at a photo question too', async () => {
    const fake = reasonOfAnswer(await f.call('member', upload(fixtureFiles.fakeJpeg.buffer, { name: 'urlaub.jpg' })), 400);
    expect(fake).toMatchObject({
      code: 'wrong_file_type',
      message: 'Diese Datei ist kein erlaubter Dateityp (erlaubt: Fotos (JPEG, PNG, WebP)). Ihr Inhalt zählt, nicht ihr Name.',
    });
    expect(reasonOfAnswer(await f.call('member', upload(fixtureFiles.pdf.buffer, { name: 'x.jpg' })), 400).code).toBe('wrong_file_type');
    expect(reasonOfAnswer(await f.call('member', upload(Buffer.alloc(0))), 400).message).toBe('Diese Datei ist leer.');
    expect(reasonOfAnswer(await f.call('member', upload(fixtureFiles.jpeg.buffer, { questionKey: 'projekttitel' })), 400).fields).toEqual({
      questionKey: 'Zu dieser Frage lassen sich keine Dateien hochladen.',
    });
    expect(reasonOfAnswer(await f.call('member', upload(fixtureFiles.jpeg.buffer, { questionKey: 'gibtsnicht' })), 400).fields?.questionKey).toBe(
      'Diese Frage gibt es im Dokumentationsbogen nicht.',
    );
    expect(reasonOfAnswer(await f.call('member', upload(fixtureFiles.jpeg.buffer, { name: '../../etc/passwd' })), 400).fields?.name).toBe(
      'Der Dateiname enthält unzulässige Zeichen.',
    );
  });

  it('given a file larger than the limit, answers 413 with the German message and stores nothing', async () => {
    const before = storedFiles().size;
    const big = Buffer.concat([fixtureFiles.jpeg.buffer, Buffer.alloc(DOC_LIMITS.fileBytes)]);
    const res = reasonOfAnswer(await f.call('member', upload(big)), 413);
    expect(res).toMatchObject({ code: 'file_too_large', message: 'Diese Datei ist zu groß (höchstens 10 MB).' });
    expect(storedFiles().size).toBe(before);
  });

  it("given the question's maximum reached, answers 409 too_many_files", async () => {
    const [form] = await f.db.select().from(documentationForms).where(eq(documentationForms.facilityId, f.facility.id));
    const already = (await f.db.select().from(documentationFiles).where(eq(documentationFiles.formId, form!.id))).filter(
      (x) => x.questionKey === 'weitere_dokumente',
    ).length;
    for (let i = already; i < 5; i++)
      expect((await f.call('member', upload(fixtureFiles.png.buffer, { questionKey: 'weitere_dokumente', name: `p${i}.png` }))).statusCode).toBe(201);
    const over = reasonOfAnswer(await f.call('member', upload(fixtureFiles.png.buffer, { questionKey: 'weitere_dokumente' })), 409);
    expect(over.message).toBe('Zu dieser Frage lassen sich höchstens 5 Dateien hochladen.');
  });

  it('given a member, DELETE removes row and bytes (audited); after the deadline uploads and deletes answer 409 for staff', async () => {
    const [row] = await f.db.select().from(documentationFiles).where(eq(documentationFiles.name, 'Zeitungsartikel.pdf'));
    expect((await f.call('member', { method: 'DELETE', url: `${base()}/files/${row!.id}` })).statusCode).toBe(204);
    expect(storedFiles().has(row!.storageKey)).toBe(false);
    expect(await f.db.select().from(auditLog).where(eq(auditLog.action, 'documentation_form.delete_file'))).toHaveLength(1);
    expect((await f.call('member', { method: 'GET', url: `${base()}/files/${row!.id}` })).statusCode).toBe(404);

    await f.setSeason({ documentationDeadline: inDays(-1) });
    const [photo] = await f.db.select().from(documentationFiles).where(eq(documentationFiles.name, 'Brot backen.jpg'));
    expect(reasonOfAnswer(await f.call('member', upload(fixtureFiles.jpeg.buffer)), 409).code).toBe('documentation_closed');
    expect(reasonOfAnswer(await f.call('member', { method: 'DELETE', url: `${base()}/files/${photo!.id}` }), 409).code).toBe('documentation_closed');
    // reading still works
    expect((await f.call('member', { method: 'GET', url: `${base()}/files/${photo!.id}` })).statusCode).toBe(200);
    await f.setSeason({ documentationDeadline: inDays(30) });
  });
});
