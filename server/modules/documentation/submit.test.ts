import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { autosaveResultSchema, documentationFormSchema } from '../../../src/shared/contracts/documentation';
import { fixtureFiles } from '../../testing/fixture-files';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { pdfText } from '../../testing/pdf-text';
import { createTestWorld } from '../../testing/test-world';
import { auditLog } from '../audit/audit.table';
import { defaultTemplateSections } from './default-template';
import { documentationFormEvents, documentationForms } from './documentation.table';
import { docFixture } from './test-helpers';

const f = createTestWorld(docFixture);

type Caller = (options: InjectOptions) => Promise<{ statusCode: number; body: string; json: () => unknown }>;
const member: Caller = (o) => f.call('member', o);
const url = (facilityId = f.facility.id) => `/api/facilities/${facilityId}/documentation`;

/** every required answer of the default template, as a KiTa would give them */
const completeAnswers = {
  projekttitel: 'Vom Korn zum Brot',
  themen: ['ernaehrung', 'klima'],
  gruppen: 'Sonnenkäfer und Vorschulgruppe „Füchse“',
  anzahl_kinder: 24,
  projektbeginn: '2027-03-01',
  projektende: '2027-05-31',
  ziele: 'Die Kinder erfahren, woher unser Brot kommt.',
  umsetzung: 'Wir haben Weizen gesät, beim Bäcker Brot gebacken und die Mühle besucht.',
  erkenntnisse: 'Aus einem Korn wächst eine Ähre mit vielen Körnern.',
  beteiligung_kinder: 'Die Kinder haben in der Kinderkonferenz über das Thema abgestimmt.',
  beteiligung_team: 'Das ganze Team hat mitgemacht.',
  beteiligung_eltern: 'Eltern haben beim Backfest geholfen.',
  reflexion: 'Das Säen war ein Höhepunkt; nächstes Mal früher anfangen.',
  nachhaltigkeit: 'Das Hochbeet bleibt, und wir backen jeden Monat Brot.',
};

async function fill(call: Caller, facilityId: number, consent: boolean) {
  const form = parseAnswer(documentationFormSchema, await call({ method: 'GET', url: url(facilityId) }));
  const saved = parseAnswer(
    autosaveResultSchema,
    await call({ method: 'PUT', url: url(facilityId), payload: { baseVersion: form.version, answers: { ...completeAnswers, fotos: { consent } } } }),
  );
  const photo = await call({
    method: 'POST',
    url: `${url(facilityId)}/files?questionKey=fotos&name=Mühle.jpg`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: fixtureFiles.jpeg.buffer,
  });
  expect(photo.statusCode).toBe(201);
  return saved.version;
}

describe('submitting the form', () => {
  it('given gaps, answers 400 with every gap by question key, in template order', async () => {
    const first = parseAnswer(
      autosaveResultSchema,
      await member({ method: 'PUT', url: url(), payload: { baseVersion: 0, answers: { projekttitel: 'Vom Korn zum Brot' } } }),
    );
    const reason = reasonOfAnswer(await member({ method: 'POST', url: `${url()}/submit`, payload: { version: first.version } }), 400);
    expect(reason.message).toBe('Bitte beantworte zuerst alle Pflichtfragen. Die erste offene Frage ist markiert.');
    const required = defaultTemplateSections
      .flatMap((s) => s.questions)
      .filter((q) => q.required && q.key !== 'projekttitel')
      .map((q) => q.key);
    expect(Object.keys(reason.fields ?? {})).toEqual(required);
    expect(reason.fields).toMatchObject({
      themen: 'Bitte wähle mindestens eine Option.',
      anzahl_kinder: 'Bitte gib eine Zahl ein.',
      projektbeginn: 'Bitte gib ein Datum an.',
      ziele: 'Bitte beantworte diese Frage.',
      fotos: 'Bitte lade mindestens eine Datei hoch.',
    });
  });

  it('given photos without the consent, only the consent is missing; a stale version answers 409', async () => {
    const version = await fill(member, f.facility.id, false);
    const reason = reasonOfAnswer(await member({ method: 'POST', url: `${url()}/submit`, payload: { version } }), 400);
    expect(reason.fields).toEqual({ fotos: 'Bitte bestätige die Einwilligung.' });
    await member({ method: 'PUT', url: url(), payload: { baseVersion: version, answers: { fotos: { consent: true } } } });
    expect(reasonOfAnswer(await member({ method: 'POST', url: `${url()}/submit`, payload: { version } }), 409).code).toBe('conflict');
  });

  it('given a complete form, submits it (state, history, audit) and mails every member the form as PDF; a second submit answers 409', async () => {
    const current = parseAnswer(documentationFormSchema, await member({ method: 'GET', url: url() }));
    const submitted = parseAnswer(
      documentationFormSchema,
      await member({ method: 'POST', url: `${url()}/submit`, payload: { version: current.version } }),
    );
    expect(submitted).toMatchObject({
      state: 'submitted',
      version: current.version + 1,
      editable: false,
      notEditableReason: 'Der Dokumentationsbogen ist eingereicht und lässt sich nicht mehr ändern.',
    });
    expect(submitted.submittedAt).not.toBeNull();
    expect(submitted.history.map((h) => [h.state, h.by])).toEqual([
      ['draft', 'Maria Mitglied'],
      ['submitted', 'Maria Mitglied'],
    ]);
    expect((await f.db.select().from(auditLog).where(eq(auditLog.action, 'documentation_form.submit')))[0]?.after).toMatchObject({
      state: 'submitted',
      facilityId: f.facility.id,
    });

    const again = reasonOfAnswer(await member({ method: 'POST', url: `${url()}/submit`, payload: { version: submitted.version } }), 409);
    expect(again).toMatchObject({ code: 'already_submitted', message: 'Der Dokumentationsbogen ist schon eingereicht.' });

    await f.t.flushMail();
    const mails = f.t.mails.filter((m) => m.subject === 'Dokumentationsbogen eingereicht: KiTa-Jahr 2026/27');
    expect(mails.map((m) => m.to).sort()).toEqual([f.users.member.email, f.colleague.email].sort());
    expect(mails[0]!.text).toContain('für das KiTa-Jahr 2026/27 ist eingereicht');
    expect(mails[0]!.text).toContain('von Maria Mitglied');
    const [attachment] = mails[0]!.attachments!;
    expect(attachment).toMatchObject({
      filename: 'dokumentationsbogen-kinderhaus-sonnenschein-2026-27.pdf',
      contentType: 'application/pdf',
      encoding: 'base64',
    });
    const pdf = await pdfText(Buffer.from(attachment!.content, 'base64'));
    for (const s of [
      'Dokumentationsbogen',
      'Kinderhaus Sonnenschein – KiTa-Jahr 2026/27',
      'eingereicht',
      'Vom Korn zum Brot',
      'Ernährung',
      'Klima',
      '01.03.2027',
      'Sonnenkäfer und Vorschulgruppe „Füchse“',
      'Mühle.jpg',
    ])
      expect(pdf.text).toContain(s);
    expect(pdf.images).toBe(1);
  });

  it('given two submits at the same moment, exactly one answers 200 and the other 409', async () => {
    const version = await fill(f.asThird, f.third.id, true);
    const results = await Promise.all([1, 2].map(() => f.asThird({ method: 'POST', url: `${url(f.third.id)}/submit`, payload: { version } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [form] = await f.db.select().from(documentationForms).where(eq(documentationForms.facilityId, f.third.id));
    expect(
      await f.db
        .select()
        .from(documentationFormEvents)
        .where(and(eq(documentationFormEvents.formId, form!.id), eq(documentationFormEvents.state, 'submitted'))),
    ).toHaveLength(1);
  });

  it('given the jury returned the form, it is editable again with the comment, and can be submitted again', async () => {
    const [row] = await f.db.select().from(documentationForms).where(eq(documentationForms.facilityId, f.facility.id));
    // what the jury's decision does (doc-jury-server): state, comment, event, version
    await f.db
      .update(documentationForms)
      .set({ state: 'returned', decisionComment: 'Bitte beschreibt die Beteiligung des Trägers.', version: row!.version + 1 })
      .where(eq(documentationForms.id, row!.id));
    await f.db
      .insert(documentationFormEvents)
      .values({ formId: row!.id, state: 'returned', comment: 'Bitte beschreibt die Beteiligung des Trägers.', actorId: f.users.admin.id });
    const returned = parseAnswer(documentationFormSchema, await member({ method: 'GET', url: url() }));
    expect(returned).toMatchObject({
      state: 'returned',
      editable: true,
      notEditableReason: null,
      returnComment: 'Bitte beschreibt die Beteiligung des Trägers.',
    });
    const saved = parseAnswer(
      autosaveResultSchema,
      await member({
        method: 'PUT',
        url: url(),
        payload: { baseVersion: returned.version, answers: { beteiligung_traeger: 'Die Gemeinde hat das Hochbeet bezahlt.' } },
      }),
    );
    const resubmitted = parseAnswer(
      documentationFormSchema,
      await member({ method: 'POST', url: `${url()}/submit`, payload: { version: saved.version } }),
    );
    expect(resubmitted).toMatchObject({ state: 'submitted', returnComment: null });
    expect(resubmitted.history.map((h) => h.state)).toEqual(['draft', 'submitted', 'returned', 'submitted']);
    expect(resubmitted.history[2]!.comment).toBe('Bitte beschreibt die Beteiligung des Trägers.');
  });

  it('given the deadline passed, staff cannot submit (409); an admin can', async () => {
    // a KiTa not enrolled has no form of this season, for admins neither
    expect(reasonOfAnswer(await f.call('admin', { method: 'GET', url: url(f.otherFacility.id) }), 403).code).toBe('not_enrolled');
    await f.setSeason({ documentationDeadline: '2020-01-01' });
    const [row] = await f.db.select().from(documentationForms).where(eq(documentationForms.facilityId, f.facility.id));
    await f.db.update(documentationForms).set({ state: 'returned' }).where(eq(documentationForms.id, row!.id));
    expect(reasonOfAnswer(await member({ method: 'POST', url: `${url()}/submit`, payload: { version: row!.version } }), 409).code).toBe(
      'documentation_closed',
    );
    expect((await f.call('admin', { method: 'POST', url: `${url()}/submit`, payload: { version: row!.version } })).statusCode).toBe(200);
  });
});
