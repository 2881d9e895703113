import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autosaveResultSchema, documentationFormSchema } from '../../../src/shared/contracts/documentation';
import { createFacility, createUser, enrol, addMember } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { auditLog } from '../audit/audit.table';
import { facilities } from '../facilities/facilities.table';
import { documentationForms } from './documentation.table';
import { docFixture, inDays } from './test-helpers';

const f = createTestWorld(docFixture);

const url = (facilityId = f.facility.id) => `/api/facilities/${facilityId}/documentation`;
const save = (who: 'member' | 'admin' | 'otherMember', body: Record<string, unknown>, facilityId?: number) =>
  f.call(who, { method: 'PUT', url: url(facilityId), payload: body });
const saveAsColleague = (body: Record<string, unknown>) => f.asColleague({ method: 'PUT', url: url(), payload: body });
const auditOf = (action: string) => f.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('the staff form: reading and autosave', () => {
  it('given a form not started, GET answers id null, version 0, the default template, editable, the deadline and the limits', async () => {
    const form = parseAnswer(documentationFormSchema, await f.call('member', { method: 'GET', url: url() }));
    expect(form).toMatchObject({
      id: null,
      version: 0,
      state: 'draft',
      facilityLabel: 'Kinderhaus Sonnenschein',
      seasonIdentifier: '2026-27',
      seasonLabel: 'KiTa-Jahr 2026/27',
      answers: {},
      files: [],
      history: [],
      editable: true,
      notEditableReason: null,
      deadline: inDays(30),
      limits: { fileBytes: 10 * 1024 * 1024, formBytes: 150 * 1024 * 1024, usedBytes: 0 },
    });
    expect(form.sections[0]!.questions[0]!.key).toBe('projekttitel');
  });

  it('given callers without the right: anonymous 401, another KiTa 403, a KiTa not enrolled 403 not_enrolled', async () => {
    expect((await f.call('anonymous', { method: 'GET', url: url() })).statusCode).toBe(401);
    expect(reasonOfAnswer(await f.call('otherMember', { method: 'GET', url: url() }), 403).code).toBe('forbidden');
    expect(reasonOfAnswer(await save('otherMember', { baseVersion: 0, answers: { projekttitel: 'x' } }), 403).code).toBe('forbidden');
    const notEnrolled = reasonOfAnswer(await f.call('otherMember', { method: 'GET', url: url(f.otherFacility.id) }), 403);
    expect(notEnrolled.code).toBe('not_enrolled');
    expect(notEnrolled.message).toContain('den Dokumentationsbogen ausfüllen');
  });

  it('given the first save, creates the form (audited once) and answers what changed after baseVersion, not the whole form', async () => {
    const first = parseAnswer(autosaveResultSchema, await save('member', { baseVersion: 0, answers: { projekttitel: 'Vom Korn zum Brot' } }));
    expect(first).toEqual({
      version: 1,
      state: 'draft',
      savedAt: expect.any(String),
      savedBy: 'Maria Mitglied',
      answers: { projekttitel: 'Vom Korn zum Brot' },
      answerVersions: { projekttitel: 1 },
      conflicts: [],
    });
    const form = parseAnswer(documentationFormSchema, await f.call('member', { method: 'GET', url: url() }));
    expect(form.id).toEqual(expect.any(Number));
    expect(form.history).toEqual([expect.objectContaining({ state: 'draft', by: 'Maria Mitglied' })]);
    const second = parseAnswer(
      autosaveResultSchema,
      await save('member', { baseVersion: 1, answers: { anzahl_kinder: 18, themen: ['ernaehrung', 'klima'] } }),
    );
    // only the keys written after version 1: projekttitel (version 1) is not sent again
    expect(second).toMatchObject({
      version: 2,
      answers: { anzahl_kinder: 18, themen: ['ernaehrung', 'klima'] },
      answerVersions: { anzahl_kinder: 2, themen: 2 },
    });
    expect(Object.keys(second.answers).sort()).toEqual(['anzahl_kinder', 'themen']);
    // a client on an older base gets everything it missed
    const older = parseAnswer(autosaveResultSchema, await save('member', { baseVersion: 0, answers: { gruppen: 'Sonnenkäfer' } }));
    expect(older.answerVersions).toEqual({ projekttitel: 1, anzahl_kinder: 2, themen: 2, gruppen: 3 });
    expect(older.answers).toMatchObject({ projekttitel: 'Vom Korn zum Brot', gruppen: 'Sonnenkäfer' });
    expect(await auditOf('documentation_form.create')).toHaveLength(1);
    expect(await auditOf('documentation_form.edit_by_admin')).toHaveLength(0);
  });

  it("given a key a colleague changed after baseVersion, does not overwrite it and returns it in conflicts with the colleague's value; the other keys are saved", async () => {
    const colleague = parseAnswer(
      autosaveResultSchema,
      await saveAsColleague({ baseVersion: 3, answers: { ziele: 'Die Kinder lernen, woher Brot kommt.' } }),
    );
    expect(colleague.savedBy).toBe('Klara Kollegin');
    const v = colleague.version;
    // Maria still works on version 3
    const mine = parseAnswer(autosaveResultSchema, await save('member', { baseVersion: 3, answers: { ziele: 'Meine Fassung', gruppen: 'Wichtel' } }));
    expect(mine.conflicts).toEqual(['ziele']);
    expect(mine.answers).toEqual({ ziele: 'Die Kinder lernen, woher Brot kommt.', gruppen: 'Wichtel' });
    expect(mine.answerVersions).toEqual({ ziele: v, gruppen: v + 1 });
    // the same text as the colleague's is no conflict
    const same = parseAnswer(
      autosaveResultSchema,
      await save('member', { baseVersion: 3, answers: { ziele: 'Die Kinder lernen, woher Brot kommt.' } }),
    );
    expect(same.conflicts).toEqual([]);
    // "meine Fassung behalten"
    const kept = parseAnswer(
      autosaveResultSchema,
      await save('member', { baseVersion: 3, answers: { ziele: 'Meine Fassung' }, overwrite: ['ziele'] }),
    );
    expect(kept.conflicts).toEqual([]);
    expect(kept.answers.ziele).toBe('Meine Fassung');
  });

  it('given only conflicting keys, writes nothing and keeps the version', async () => {
    const before = parseAnswer(documentationFormSchema, await f.call('member', { method: 'GET', url: url() }));
    const res = parseAnswer(autosaveResultSchema, await save('member', { baseVersion: 1, answers: { ziele: 'Alte Fassung' } }));
    expect(res.conflicts).toEqual(['ziele']);
    expect(res.version).toBe(before.version);
    expect(res.answers.ziele).toBe('Meine Fassung');
  });

  it('given 20 parallel saves on the same stale base version by two colleagues (overwrite), every save is written', async () => {
    const base = parseAnswer(documentationFormSchema, await f.call('member', { method: 'GET', url: url() })).version;
    const keys = Array.from({ length: 20 }, (_, i) => `k${i}`);
    // the template has no such keys: use answers of real questions, 20 long texts spread over two callers
    const texts = [
      'umsetzung',
      'erkenntnisse',
      'beteiligung_kinder',
      'beteiligung_team',
      'beteiligung_eltern',
      'beteiligung_traeger',
      'netzwerkpartner',
      'reflexion',
      'nachhaltigkeit',
      'themen_sonstiges',
    ];
    const results = await Promise.all(
      keys.map((k, i) => {
        const key = texts[i % texts.length]!;
        const body = { baseVersion: base, answers: { [key]: `Antwort ${k}` }, overwrite: [key] };
        return i < 10 ? save('member', body) : saveAsColleague(body);
      }),
    );
    expect(results.map((r) => r.statusCode)).toEqual(keys.map(() => 200));
    const [row] = await f.db.select().from(documentationForms).where(eq(documentationForms.facilityId, f.facility.id));
    expect(row!.version).toBe(base + 20);
    // each key was written twice (by i and i+10); the later version wins, and both writes counted
    for (const key of texts) expect(row!.answers[key]).toMatch(/^Antwort k\d+$/);
  });

  it('given unknown keys or answers of the wrong shape, answers 400 with a German text per question key and saves nothing', async () => {
    const before = (await f.db.select().from(documentationForms).where(eq(documentationForms.facilityId, f.facility.id)))[0]!;
    const unknown = reasonOfAnswer(await save('member', { baseVersion: before.version, answers: { projekttitel: 'neu', gibtsnicht: 'x' } }), 400);
    expect(unknown.fields).toMatchObject({ gibtsnicht: 'Diese Frage gibt es im Dokumentationsbogen nicht.' });
    const invalid = reasonOfAnswer(
      await save('member', {
        baseVersion: before.version,
        answers: { anzahl_kinder: 0, themen: ['bergbau'], projektbeginn: '2027-02-30', projekttitel: 'a'.repeat(201) },
      }),
      400,
    );
    expect(invalid).toMatchObject({
      code: 'validation_failed',
      fields: {
        anzahl_kinder: 'Bitte gib mindestens 1 ein.',
        themen: 'Diese Option gibt es nicht.',
        projektbeginn: 'Bitte gib ein Datum im Format TT.MM.JJJJ an.',
        projekttitel: 'Höchstens 200 Zeichen.',
      },
    });
    const badShape = reasonOfAnswer(await save('member', { baseVersion: 'x', answers: [] }), 400);
    expect(badShape.code).toBe('validation_failed');
    const after = (await f.db.select().from(documentationForms).where(eq(documentationForms.facilityId, f.facility.id)))[0]!;
    expect(after.version).toBe(before.version);
  });

  it('given the deadline passed or documentation not allowed, staff get 409 and a not-editable form; admins may still save (audited)', async () => {
    await f.setSeason({ documentationDeadline: inDays(-1) });
    const form = parseAnswer(documentationFormSchema, await f.call('member', { method: 'GET', url: url() }));
    expect(form.editable).toBe(false);
    expect(form.notEditableReason).toBe(
      `Die Frist für den Dokumentationsbogen ist am ${inDays(-1).split('-').reverse().join('.')} abgelaufen. Schreib uns, wenn du noch etwas ändern musst.`,
    );
    const late = reasonOfAnswer(await save('member', { baseVersion: form.version, answers: { projekttitel: 'Zu spät' } }), 409);
    expect(late.code).toBe('documentation_closed');

    const admin = parseAnswer(
      autosaveResultSchema,
      await save('admin', { baseVersion: form.version, answers: { projekttitel: 'Korrigiert von der Verwaltung' } }),
    );
    expect(admin).toMatchObject({ savedBy: 'Alex Admin', answers: { projekttitel: 'Korrigiert von der Verwaltung' } });
    expect((await auditOf('documentation_form.edit_by_admin'))[0]?.after).toMatchObject({ keys: ['projekttitel'] });

    await f.setSeason({ documentationDeadline: inDays(30), allowDocumentation: false });
    const closed = reasonOfAnswer(await save('member', { baseVersion: admin.version, answers: { projekttitel: 'x' } }), 409);
    expect(closed.message).toBe('Für das KiTa-Jahr 2026/27 ist die Dokumentation noch nicht freigegeben.');
    // a KiTa that never started does not get a form created by a refused save
    const none = reasonOfAnswer(
      await f.asThird({ method: 'PUT', url: url(f.third.id), payload: { baseVersion: 0, answers: { projekttitel: 'x' } } }),
      409,
    );
    expect(none.code).toBe('documentation_closed');
    expect(await f.db.select().from(documentationForms).where(eq(documentationForms.facilityId, f.third.id))).toHaveLength(0);
    await f.setSeason({ allowDocumentation: true });
  });

  it('given a submitted form, staff get 409 form_locked on save; admins may', async () => {
    const [row] = await f.db.select().from(documentationForms).where(eq(documentationForms.facilityId, f.facility.id));
    await f.db.update(documentationForms).set({ state: 'submitted' }).where(eq(documentationForms.id, row!.id));
    const form = parseAnswer(documentationFormSchema, await f.call('member', { method: 'GET', url: url() }));
    expect(form).toMatchObject({ editable: false, notEditableReason: 'Der Dokumentationsbogen ist eingereicht und lässt sich nicht mehr ändern.' });
    const locked = reasonOfAnswer(await save('member', { baseVersion: form.version, answers: { projekttitel: 'x' } }), 409);
    expect(locked.code).toBe('form_locked');
    expect((await save('admin', { baseVersion: form.version, answers: { projekttitel: 'Admin' } })).statusCode).toBe(200);
    await f.db.update(documentationForms).set({ state: 'draft' }).where(eq(documentationForms.id, row!.id));
  });
  it('given a KiTa merged into another or an id no KiTa has, the season guard answers 404 (also to admins)', async () => {
    const gone = await createFacility(f.db, { label: 'Kita Zusammengelegt' });
    await enrol(f.db, gone.id, f.season.id);
    expect((await f.call('admin', { method: 'GET', url: url(gone.id) })).statusCode).toBe(200);
    await f.db.update(facilities).set({ mergedIntoId: f.facility.id }).where(eq(facilities.id, gone.id));
    expect((await f.call('admin', { method: 'GET', url: url(gone.id) })).statusCode).toBe(404);
    expect((await f.call('admin', { method: 'GET', url: url(2_147_483_647) })).statusCode).toBe(404);
  });

  // last: it gives the season a template of its own with 20 questions
  it('given 20 parallel saves each with its own key (a new KiTa: the first saves create the form at once), all 20 answers are there', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `frage_${i + 1}`);
    const sections = [
      {
        key: 'alles',
        title: 'Alles',
        intro: '',
        questions: keys.map((key) => ({ kind: 'text', key, label: key, help: '', required: false, maxLength: 200 })),
      },
    ];
    expect(
      (await f.call('admin', { method: 'PUT', url: '/api/admin/documentation/2026-27/template', payload: { sections, version: null } })).statusCode,
    ).toBe(200);
    const kita = await createFacility(f.db, { label: 'Kita Parallel' });
    await enrol(f.db, kita.id, f.season.id);
    const user = await createUser(f.db);
    await addMember(f.db, kita.id, user.id);
    const cookie = await loginAs(f.t.app, user);
    const results = await Promise.all(
      keys.map((k, i) =>
        f.t.app.inject({ method: 'PUT', url: url(kita.id), payload: { baseVersion: 0, answers: { [k]: `Antwort ${i + 1}` } }, headers: { cookie } }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(keys.map(() => 200));
    const rows = await f.db.select().from(documentationForms).where(eq(documentationForms.facilityId, kita.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.answers).toEqual(Object.fromEntries(keys.map((k, i) => [k, `Antwort ${i + 1}`])));
    expect(rows[0]!.version).toBe(20);
    expect(
      await f.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'documentation_form.create'), eq(auditLog.entityId, String(rows[0]!.id)))),
    ).toHaveLength(1);
  });
});
