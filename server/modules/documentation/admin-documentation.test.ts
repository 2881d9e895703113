import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminDocumentationDetailSchema, adminDocumentationPageSchema } from '../../../src/shared/contracts/admin-documentation';
import { createFacility, enrol } from '../../testing/factories';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { documentationFiles } from './documentation.table';
import { allScores, createForm, createReview, documentationFixture, type DocRole } from './test-helpers';
import { seasonChoiceListSchema } from '../../../src/shared/contracts/admin-seasons';

const w = createTestWorld(async () => {
  const f = await documentationFixture();
  await enrol(f.db, f.otherFacility.id, f.season.id);
  const third = await createFacility(f.db, { label: 'Kinderkrippe Zwergerlstube', city: 'Regensburg', postalCode: '93047', region: 'Oberpfalz' });
  await enrol(f.db, third.id, f.season.id);
  // a KiTa whose enrolment was withdrawn: its form stays in the answers export, not in the list
  const gone = await createFacility(f.db, { label: 'Kita Ausgetreten', city: 'Passau', region: 'Niederbayern' });
  await enrol(f.db, gone.id, f.season.id, { withdrawnAt: new Date() });
  const submitted = await createForm(f.db, f.facility.id, f.season.id, {
    state: 'submitted',
    submittedAt: new Date('2027-06-01T10:00:00Z'),
    answers: {
      titel: '=Gemüsebeet für alle',
      beschreibung: 'Wir haben ein Hochbeet gebaut;\nund "geerntet".',
      kinder: 24,
      beginn: '2027-03-15',
      schwerpunkt: 'ernaehrung',
      themen: ['wasser', 'klima'],
      fotos: { consent: true },
      alte_frage: 'Antwort auf eine entfernte Frage',
    },
  });
  await f.db.insert(documentationFiles).values([
    {
      formId: submitted.id,
      questionKey: 'fotos',
      storageKey: 'test/a',
      name: 'beet.jpg',
      contentType: 'image/jpeg',
      size: 10,
      width: 40,
      height: 30,
    },
    {
      formId: submitted.id,
      questionKey: 'fotos',
      storageKey: 'test/b',
      name: 'ernte.jpg',
      contentType: 'image/jpeg',
      size: 10,
      width: 40,
      height: 30,
    },
  ]);
  const draft = await createForm(f.db, third.id, f.season.id, { state: 'draft', answers: { titel: 'Müll trennen' } });
  await createForm(f.db, gone.id, f.season.id, { state: 'draft', answers: { titel: 'Ausgetreten' } });
  await createReview(f.db, submitted.id, f.jury.id, { ...allScores(4), bne: 2 });
  return { ...f, third, gone, submitted, draft };
});

const base = () => `/api/admin/documentation/${w.season.identifier}`;
const list = async (role: DocRole, query = '') =>
  parseAnswer(adminDocumentationPageSchema, await w.call(role, { method: 'GET', url: `${base()}${query}` }));
const labels = (page: { items: { facilityLabel: string }[] }) => page.items.map((i) => i.facilityLabel);

describe('admin documentation list', () => {
  it('given the season switch, lists the seasons to admins and the jury, newest first; staff are refused', async () => {
    for (const role of ['admin', 'jury'] as const) {
      const seasons = parseAnswer(seasonChoiceListSchema, await w.call(role, { method: 'GET', url: '/api/admin/documentation/seasons' }));
      expect(seasons.items.map((s) => s.identifier)).toContain(w.season.identifier);
      expect(seasons.items.find((s) => s.identifier === w.season.identifier)).toMatchObject({ label: w.season.label, isCurrent: true });
    }
    expect((await w.call('member', { method: 'GET', url: '/api/admin/documentation/seasons' })).statusCode).toBe(403);
    expect((await w.call('anonymous', { method: 'GET', url: '/api/admin/documentation/seasons' })).statusCode).toBe(401);
  });

  it('given the season, lists every live-enrolled KiTa once with its form state or "not_started", in German order', async () => {
    const page = await list('admin');
    expect(labels(page)).toEqual(['Kinderhaus Sonnenschein', 'Kinderkrippe Zwergerlstube', 'Kita Lechauen']);
    expect(page.items.map((i) => i.state)).toEqual(['submitted', 'draft', 'not_started']);
    expect(page.total).toBe(3);
    const sonnenschein = page.items[0]!;
    // weighted: (4+4+2*2+2*4+4+4+4)/9 = 32/9 = 3.6
    expect(sonnenschein).toMatchObject({
      reviewCount: 1,
      jurySize: 2,
      averageScore: 3.6,
      reviewedByMe: false,
      region: 'Oberbayern',
      city: 'München',
    });
    expect(sonnenschein.submittedAt).toBe('2027-06-01T10:00:00.000Z');
  });

  it('given a jury member who has not reviewed, the average is hidden; after their review, shown', async () => {
    const forJury2 = await list('jury2');
    expect(forJury2.items[0]).toMatchObject({ reviewCount: 1, averageScore: null, reviewedByMe: false });
    const forJury = await list('jury');
    expect(forJury.items[0]).toMatchObject({ averageScore: 3.6, reviewedByMe: true });
    // sorting by score does not give the hidden order away: for jury2 every score is "none"
    const byScore = await list('jury2', '?sort=score&dir=desc');
    expect(byScore.items.every((i) => i.averageScore === null)).toBe(true);
  });

  it('given filters and search, narrows the list', async () => {
    expect(labels(await list('admin', '?state=not_started'))).toEqual(['Kita Lechauen']);
    expect(labels(await list('admin', '?state=submitted'))).toEqual(['Kinderhaus Sonnenschein']);
    expect(labels(await list('admin', '?region=Oberpfalz'))).toEqual(['Kinderkrippe Zwergerlstube']);
    expect(labels(await list('jury', '?reviewedByMe=yes'))).toEqual(['Kinderhaus Sonnenschein']);
    // the jury's list has submitted forms only (issue 18): nothing else is left unreviewed for this member
    expect(labels(await list('jury', '?reviewedByMe=no'))).toEqual([]);
    expect(labels(await list('jury2', '?reviewedByMe=no'))).toEqual(['Kinderhaus Sonnenschein']);
    expect(labels(await list('admin', '?q=regensb'))).toEqual(['Kinderkrippe Zwergerlstube']);
    expect(labels(await list('admin', '?q=sonnen'))).toEqual(['Kinderhaus Sonnenschein']);
    expect(labels(await list('admin', '?sort=facility&dir=desc'))).toEqual([
      'Kita Lechauen',
      'Kinderkrippe Zwergerlstube',
      'Kinderhaus Sonnenschein',
    ]);
    expect(labels(await list('admin', '?sort=state'))).toEqual(['Kita Lechauen', 'Kinderkrippe Zwergerlstube', 'Kinderhaus Sonnenschein']);
    expect(labels(await list('admin', '?sort=region'))).toEqual(['Kinderhaus Sonnenschein', 'Kinderkrippe Zwergerlstube', 'Kita Lechauen']);
    expect(labels(await list('admin', '?sort=score&dir=desc')).at(-1)).toBe('Kinderhaus Sonnenschein');
    const paged = await list('admin', '?pageSize=2&page=2');
    expect(paged).toMatchObject({ total: 3, page: 2 });
    expect(labels(paged)).toEqual(['Kita Lechauen']);
    expect(reasonOfAnswer(await w.call('admin', { method: 'GET', url: `${base()}?state=bogus` }), 400).code).toBe('validation_failed');
  });

  it('given an unknown season, answers 404', async () => {
    expect(reasonOfAnswer(await w.call('admin', { method: 'GET', url: '/api/admin/documentation/1999-00' }), 404).message).toBe(
      'Dieses KiTa-Jahr gibt es nicht.',
    );
    expect((await w.call('jury', { method: 'GET', url: '/api/admin/documentation/1999-00/answers.csv' })).statusCode).toBe(404);
  });

  it('given the list export, a CSV (Excel) of the filtered rows', async () => {
    const res = await w.call('jury2', { method: 'GET', url: `${base()}/export.csv?state=submitted` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="dokumentationsboegen-liste-2026-27-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('KiTa;PLZ;Ort;Regierungsbezirk;Status;Eingereicht am;Zuletzt geändert;Bewertungen;Durchschnitt');
    // the jury member who has not reviewed sees no average in the export either
    expect(lines[1]).toMatch(/^Kinderhaus Sonnenschein;80802;München;Oberbayern;eingereicht;01\.06\.2027 12:00;[^;]+;1;$/);
  });
});

describe('answers export', () => {
  it('given CSV, one row per started form with a column per question in template order, labels, German dates, orphans last', async () => {
    const res = await w.call('admin', { method: 'GET', url: `${base()}/answers.csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="dokumentationsboegen-2026-27.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'KiTa;PLZ;Ort;Regierungsbezirk;Status;Eingereicht am;Titel des Projekts;Beschreibung;Beteiligte Kinder;Projektbeginn;Schwerpunkt;Weitere Themen;Fotos;alte_frage',
    );
    // every started form, the withdrawn KiTa's too; KiTa order
    expect(lines.slice(1, -1).map((l) => l.split(';')[0])).toEqual(['Kinderhaus Sonnenschein', 'Kinderkrippe Zwergerlstube', 'Kita Ausgetreten']);
    expect(res.body).toContain(
      `Kinderhaus Sonnenschein;80802;München;Oberbayern;eingereicht;01.06.2027 12:00;'=Gemüsebeet für alle;"Wir haben ein Hochbeet gebaut;\nund ""geerntet"".";24;15.03.2027;Ernährung;Wasser, Klima;2: beet.jpg, ernte.jpg;Antwort auf eine entfernte Frage\r\n`,
    );
    expect(lines[2]).toBe('Kinderkrippe Zwergerlstube;93047;Regensburg;Oberpfalz;Entwurf;;Müll trennen;;;;;;;');
  });

  it('given XLSX, the same read back with exceljs: numbers as numbers, dates as date cells', async () => {
    const res = await w.call('admin', { method: 'GET', url: `${base()}/answers.xlsx` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="dokumentationsboegen-2026-27.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(7).value).toBe('Titel des Projekts');
    expect(sheet.getRow(1).getCell(14).value).toBe('alte_frage');
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('Kinderhaus Sonnenschein');
    expect(row.getCell(7).value).toBe('=Gemüsebeet für alle');
    expect(row.getCell(9).value).toBe(24);
    expect(row.getCell(10).value).toEqual(new Date('2027-03-15T00:00:00Z'));
    expect(row.getCell(12).value).toBe('Wasser, Klima');
    expect(sheet.rowCount).toBe(4);
  });
});

describe('the jury and drafts (issue 18)', () => {
  it('given a draft, the jury gets 404 for its detail, PDF, files and notes, and neither the list nor the answers export shows it; admins see everything', async () => {
    const [file] = await w.db
      .insert(documentationFiles)
      .values({
        formId: w.draft.id,
        questionKey: 'fotos',
        storageKey: 'test/draft',
        name: 'kind.jpg',
        contentType: 'image/jpeg',
        size: 10,
        width: 40,
        height: 30,
      })
      .returning();
    const at = `${base()}/${w.third.id}`;
    for (const role of ['jury', 'jury2'] as const) {
      for (const url of [at, `${at}/pdf`, `${at}/files/${file!.id}`]) {
        expect(reasonOfAnswer(await w.call(role, { method: 'GET', url }), 404).code, url).toBe('no_form');
      }
      expect((await w.call(role, { method: 'POST', url: `${at}/notes`, payload: { text: 'Hallo' } })).statusCode).toBe(404);
      expect(labels(await list(role))).toEqual(['Kinderhaus Sonnenschein']);
      const csv = await w.call(role, { method: 'GET', url: `${base()}/answers.csv` });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toContain('Müll trennen');
      expect(csv.body).not.toContain('Zwergerlstube');
      expect(csv.body).toContain('Kinderhaus Sonnenschein');
    }
    expect((await w.call('admin', { method: 'GET', url: at })).statusCode).toBe(200);
    expect((await w.call('admin', { method: 'GET', url: `${at}/pdf` })).statusCode).toBe(200);
    // the file's bytes are not in the memory storage: an admin gets past the form check to the file lookup
    expect(reasonOfAnswer(await w.call('admin', { method: 'GET', url: `${at}/files/${file!.id}` }), 404).code).toBe('not_found');
    expect(labels(await list('admin'))).toContain('Kinderkrippe Zwergerlstube');
    // a submitted form stays visible to the jury
    expect((await w.call('jury2', { method: 'GET', url: `${base()}/${w.facility.id}` })).statusCode).toBe(200);
    await w.db.delete(documentationFiles).where(eq(documentationFiles.id, file!.id));
  });
});

describe('admin documentation detail', () => {
  const detail = async (role: DocRole, facilityId = w.facility.id) =>
    parseAnswer(adminDocumentationDetailSchema, await w.call(role, { method: 'GET', url: `${base()}/${facilityId}` }));

  it('given a form, answers the template sections, the answers, orphan answers apart, files with admin URLs and the history', async () => {
    const d = await detail('admin');
    expect(d).toMatchObject({ facilityLabel: 'Kinderhaus Sonnenschein', state: 'submitted', seasonLabel: 'KiTa-Jahr 2026/27', city: 'München' });
    expect(d.sections.map((s) => s.key)).toEqual(['projekt', 'themen']);
    expect(d.answers).not.toHaveProperty('alte_frage');
    expect(d.answers.kinder).toBe(24);
    expect(d.orphanAnswers).toEqual([{ key: 'alte_frage', value: 'Antwort auf eine entfernte Frage' }]);
    expect(d.files.map((f) => f.name)).toEqual(['beet.jpg', 'ernte.jpg']);
    expect(d.files[0]!.url).toBe(`${base()}/${w.facility.id}/files/${d.files[0]!.id}`);
    expect(d.history.map((h) => h.state)).toEqual(['submitted']);
    expect(d.may).toEqual({ decide: true, review: false, edit: true });
    // admins see every review and the average
    expect(d).toMatchObject({ othersHidden: false, reviewCount: 1, averageScore: 3.6, ownReview: null });
    expect(d.reviews.map((r) => r.reviewerName)).toEqual(['Judith Jury']);
  });

  it('given a KiTa without a form in that season, answers 404; an unknown season 404', async () => {
    expect(reasonOfAnswer(await w.call('admin', { method: 'GET', url: `${base()}/${w.otherFacility.id}` }), 404).code).toBe('no_form');
    expect((await w.call('admin', { method: 'GET', url: `/api/admin/documentation/1999-00/${w.facility.id}` })).statusCode).toBe(404);
    expect((await w.call('admin', { method: 'GET', url: `${base()}/999999` })).statusCode).toBe(404);
  });
});
