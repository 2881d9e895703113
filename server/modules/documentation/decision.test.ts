import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminDocumentationDetailSchema } from '../../../src/shared/contracts/admin-documentation';
import { documentationFormSchema } from '../../../src/shared/contracts/documentation';
import { addMember, createFacility, createUser, enrol } from '../../testing/factories';
import { fixtureFiles } from '../../testing/fixture-files';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { auditLog } from '../audit/audit.table';
import { seasonEnrolments } from '../seasons/seasons.table';
import { documentationFiles, documentationFormEvents, documentationForms } from './documentation.table';
import { allScores, createForm, documentationFixture, type DocRole } from './test-helpers';

const w = createTestWorld(async () => {
  const f = await documentationFixture();
  const secondMember = await createUser(f.db, { firstName: 'Sina', lastName: 'Zweite' });
  await addMember(f.db, f.facility.id, secondMember.id);
  const mk = async (label: string, state: 'submitted' | 'draft' = 'submitted', enrolled = true) => {
    const facility = await createFacility(f.db, { label });
    if (enrolled) await enrol(f.db, facility.id, f.season.id);
    const form = await createForm(f.db, facility.id, f.season.id, { state, answers: { titel: label } });
    return { facility, form };
  };
  const returnMember = await createUser(f.db, { firstName: 'Rita', lastName: 'Rück' });
  const main = {
    facility: f.facility,
    form: await createForm(f.db, f.facility.id, f.season.id, { state: 'submitted', answers: { titel: 'Hochbeet' } }),
  };
  const toReturn = await mk('Kita Rückgabe');
  await addMember(f.db, toReturn.facility.id, returnMember.id);
  return {
    ...f,
    secondMember,
    returnMember,
    main,
    toReturn,
    toReject: await mk('Kita Ablehnung'),
    draft: await mk('Kita Entwurf', 'draft'),
    withdrawn: await mk('Kita Abgemeldet', 'submitted', false),
    forReviews: await mk('Kita Bewertung'),
  };
});

const url = (facilityId: number, tail = '') => `/api/admin/documentation/${w.season.identifier}/${facilityId}${tail}`;
const detail = async (role: DocRole, facilityId: number) =>
  parseAnswer(adminDocumentationDetailSchema, await w.call(role, { method: 'GET', url: url(facilityId) }));
const decide = (role: DocRole, facilityId: number, body: Record<string, unknown>) =>
  w.call(role, { method: 'POST', url: url(facilityId, '/decision'), payload: body });
const review = (role: DocRole, facilityId: number, body: Record<string, unknown>) =>
  w.call(role, { method: 'PUT', url: url(facilityId, '/review'), payload: body });
const auditOf = (action: string, formId: number) =>
  w.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(formId))));
const mailsTo = async (email: string) => {
  await w.t.flushMail();
  return w.t.mails.filter((m) => m.to === email);
};

describe('decisions', () => {
  it('given a stale version, answers 409 conflict and changes nothing', async () => {
    const res = await decide('admin', w.main.facility.id, { action: 'approve', comment: '', version: w.main.form.version + 5 });
    expect(reasonOfAnswer(res, 409).code).toBe('conflict');
  });

  it('given return or reject without a comment, answers 400 with the German field text', async () => {
    const res = await decide('jury', w.toReturn.facility.id, { action: 'return', comment: '', version: 1 });
    expect(reasonOfAnswer(res, 400).fields).toEqual({ comment: 'Bitte schreib der KiTa, was sie ändern soll oder warum.' });
  });

  it('given approve, the form is approved, the KiTa approved for the award in the same step, history, audit and a mail to each member', async () => {
    const before = w.t.mails.length;
    const d = parseAnswer(
      adminDocumentationDetailSchema,
      await decide('jury', w.main.facility.id, { action: 'approve', comment: 'Großartig!', version: w.main.form.version }),
    );
    expect(d.state).toBe('approved');
    expect(d.version).toBe(w.main.form.version + 1);
    expect(d.may.decide).toBe(false);
    expect(d.history.map((h) => [h.state, h.by, h.comment])).toEqual([
      ['submitted', null, ''],
      ['approved', 'Judith Jury', 'Großartig!'],
    ]);
    const [enrolment] = await w.db.select().from(seasonEnrolments).where(eq(seasonEnrolments.id, w.enrolment.id));
    expect(enrolment!.approvedForAwardAt).not.toBeNull();
    expect(enrolment!.approvedForAwardBy).toBe(w.jury.id);
    expect(await auditOf('documentation_form.approve', w.main.form.id)).toHaveLength(1);
    expect(await auditOf('season_enrolment.approve_for_award', w.enrolment.id)).toHaveLength(1);
    for (const member of [w.users.member, w.secondMember]) {
      const [mail] = await mailsTo(member.email);
      expect(mail!.subject).toBe('Euer Dokumentationsbogen wurde angenommen');
      expect(mail!.text).toContain('Auszeichnungsveranstaltung steht euch jetzt offen');
      expect(mail!.text).toContain('Kommentar der Jury: Großartig!');
      expect(mail!.text).toMatch(/^Hallo \S+,\n\ndie Jury hat den Dokumentationsbogen/);
    }
    expect(w.t.mails.length - before).toBe(2);
    // approved is final: a second decision is an invalid transition
    const again = await decide('admin', w.main.facility.id, { action: 'reject', comment: 'Doch nicht.', version: d.version });
    expect(reasonOfAnswer(again, 409)).toMatchObject({ code: 'invalid_transition' });
    expect(reasonOfAnswer(again, 409).message).toContain('angenommen');
  });

  it('given return, the form is returned with the comment for the KiTa (decisionComment), history, audit, and the KiTa is mailed', async () => {
    const d = parseAnswer(
      adminDocumentationDetailSchema,
      await decide('admin', w.toReturn.facility.id, { action: 'return', comment: 'Bitte ergänzt Fotos.', version: 1 }),
    );
    expect(d.state).toBe('returned');
    const [row] = await w.db.select().from(documentationForms).where(eq(documentationForms.id, w.toReturn.form.id));
    expect(row!.decisionComment).toBe('Bitte ergänzt Fotos.');
    expect(await auditOf('documentation_form.return', w.toReturn.form.id)).toHaveLength(1);
    const events = await w.db.select().from(documentationFormEvents).where(eq(documentationFormEvents.formId, w.toReturn.form.id));
    expect(events.map((e) => e.state)).toEqual(['submitted', 'returned']);
    const [mail] = await mailsTo(w.returnMember.email);
    expect(mail!.subject).toBe('Euer Dokumentationsbogen wurde zurückgegeben');
    // issue 19: greeted by name, the sentence goes on in lower case, an admin's comment is the programme team's
    expect(mail!.text).toMatch(/^Hallo \S+,\n\ndie Programmleitung hat den Dokumentationsbogen/);
    expect(mail!.text).toContain('Kommentar der Programmleitung: Bitte ergänzt Fotos.');
    expect(mail!.text).not.toContain('Kommentar der Jury');
  });

  it('given reject, the form is rejected and audited; no award approval', async () => {
    const d = parseAnswer(
      adminDocumentationDetailSchema,
      await decide('admin', w.toReject.facility.id, { action: 'reject', comment: 'Kein Projektbezug.', version: 1 }),
    );
    expect(d.state).toBe('rejected');
    expect(await auditOf('documentation_form.reject', w.toReject.form.id)).toHaveLength(1);
    const [enrolment] = await w.db.select().from(seasonEnrolments).where(eq(seasonEnrolments.facilityId, w.toReject.facility.id));
    expect(enrolment!.approvedForAwardAt).toBeNull();
  });

  it('given a draft, every decision is an invalid transition (409)', async () => {
    for (const action of ['approve', 'return', 'reject'])
      expect(reasonOfAnswer(await decide('admin', w.draft.facility.id, { action, comment: 'x', version: 1 }), 409).code).toBe('invalid_transition');
  });

  it('given a KiTa whose enrolment is gone, approving answers 409 and changes nothing', async () => {
    expect(reasonOfAnswer(await decide('admin', w.withdrawn.facility.id, { action: 'approve', comment: '', version: 1 }), 409).code).toBe(
      'not_enrolled',
    );
    const [row] = await w.db.select().from(documentationForms).where(eq(documentationForms.id, w.withdrawn.form.id));
    expect(row!.state).toBe('submitted');
  });

  it('given staff, a decision answers 403 and anonymous 401', async () => {
    expect((await decide('member', w.forReviews.facility.id, { action: 'approve', comment: '', version: 1 })).statusCode).toBe(403);
    expect((await decide('anonymous', w.forReviews.facility.id, { action: 'approve', comment: '', version: 1 })).statusCode).toBe(401);
  });
});

describe('reviews', () => {
  const fid = () => w.forReviews.facility.id;

  it('given a draft, a review answers 409 review_not_submitted; an admin outside the jury may not score (403)', async () => {
    expect(reasonOfAnswer(await review('jury', w.draft.facility.id, { scores: allScores(3), comment: '' }), 409).code).toBe('not_submitted');
    expect(reasonOfAnswer(await review('admin', fid(), { scores: allScores(3), comment: '' }), 403).message).toBe(
      'Bewerten dürfen nur Mitglieder der Jury.',
    );
  });

  it('given incomplete or out-of-range scores, answers 400', async () => {
    const { bne: _, ...missing } = allScores(3);
    expect((await review('jury', fid(), { scores: missing, comment: '' })).statusCode).toBe(400);
    expect((await review('jury', fid(), { scores: { ...allScores(3), bne: 6 }, comment: '' })).statusCode).toBe(400);
  });

  it('given two jury members, each sees the others and the average only after their own review (admins always)', async () => {
    const first = parseAnswer(adminDocumentationDetailSchema, await review('jury', fid(), { scores: allScores(4), comment: 'Sehr schön' }));
    expect(first.ownReview).toMatchObject({ total: 4, comment: 'Sehr schön' });
    expect(first).toMatchObject({ othersHidden: false, reviews: [], reviewCount: 1, averageScore: 4 });

    const beforeOwn = await detail('jury2', fid());
    expect(beforeOwn).toMatchObject({ othersHidden: true, reviews: [], reviewCount: 1, averageScore: null, ownReview: null });
    expect(beforeOwn.may.review).toBe(true);
    expect(JSON.stringify(beforeOwn)).not.toContain('Sehr schön');

    const second = parseAnswer(adminDocumentationDetailSchema, await review('jury2', fid(), { scores: { ...allScores(2), bne: 5 }, comment: '' }));
    // (2+2+2*5+2*2+2+2+2)/9 = 24/9 = 2.7; average of 4.0 and 2.7 = 3.35 → 3.4 (rounded like PostgreSQL, not 3.3)
    expect(second.ownReview!.total).toBe(2.7);
    expect(second).toMatchObject({ othersHidden: false, reviewCount: 2, averageScore: 3.4 });
    expect(second.reviews.map((r) => r.reviewerName)).toEqual(['Judith Jury']);

    // changing one's review replaces it (one review per member)
    const changed = parseAnswer(adminDocumentationDetailSchema, await review('jury', fid(), { scores: allScores(5), comment: 'Noch besser' }));
    expect(changed).toMatchObject({ reviewCount: 2, ownReview: { total: 5, comment: 'Noch besser' } });
    expect(await auditOf('documentation_form.review', w.forReviews.form.id)).toHaveLength(3);

    const forAdmin = await detail('admin', fid());
    expect(forAdmin.reviews.map((r) => r.reviewerName).sort()).toEqual(['Jonas Juror', 'Judith Jury']);
    expect(forAdmin.averageScore).toBe(3.9);
    // the list computes the same average in SQL
    const page = await w.call('admin', { method: 'GET', url: `/api/admin/documentation/${w.season.identifier}?q=Bewertung` });
    expect(page.json().items[0]).toMatchObject({ reviewCount: 2, jurySize: 2, averageScore: 3.9 });
    expect(forAdmin.may.review).toBe(false);
  });
});

describe('internal notes', () => {
  it('given a note, admins and the jury read it; the staff GET of the KiTa form never contains it', async () => {
    const secret = 'Interne Notiz: Fotos wirken gestellt 7f3a';
    const res = await w.call('jury2', { method: 'POST', url: url(w.main.facility.id, '/notes'), payload: { text: secret } });
    const d = parseAnswer(adminDocumentationDetailSchema, res, 201);
    expect(d.notes.map((n) => [n.text, n.author])).toEqual([[secret, 'Jonas Juror']]);
    expect((await detail('admin', w.main.facility.id)).notes[0]!.text).toBe(secret);
    expect(await auditOf('documentation_form.add_note', w.main.form.id)).toHaveLength(1);
    // the audit entry does not carry the note's text either
    expect(JSON.stringify(await auditOf('documentation_form.add_note', w.main.form.id))).not.toContain('gestellt');

    const staff = await w.call('member', { method: 'GET', url: `/api/facilities/${w.main.facility.id}/documentation` });
    const form = parseAnswer(documentationFormSchema, staff);
    expect(form.id).toBe(w.main.form.id);
    expect(staff.body).not.toContain('gestellt');
    expect(staff.body).not.toContain('7f3a');
  });

  it('given an empty note or control characters, answers 400; staff may not write notes (403)', async () => {
    expect(
      reasonOfAnswer(await w.call('admin', { method: 'POST', url: url(w.main.facility.id, '/notes'), payload: { text: '  ' } }), 400).fields,
    ).toEqual({
      text: 'Bitte schreib eine Notiz.',
    });
    expect((await w.call('admin', { method: 'POST', url: url(w.main.facility.id, '/notes'), payload: { text: 'a\u0007b' } })).statusCode).toBe(400);
    expect((await w.call('member', { method: 'POST', url: url(w.main.facility.id, '/notes'), payload: { text: 'x' } })).statusCode).toBe(403);
  });
});

describe('files', () => {
  it('given a file of the form, serves it privately with nosniff; another form\u2019s file id answers 404', async () => {
    await w.t.app.fileStorage.put('documentation/test/photo', fixtureFiles.jpeg.buffer, {
      contentType: 'image/jpeg',
      size: fixtureFiles.jpeg.buffer.length,
    });
    const [file] = await w.db
      .insert(documentationFiles)
      .values({
        formId: w.main.form.id,
        questionKey: 'fotos',
        storageKey: 'documentation/test/photo',
        name: 'Hochbeet-Ernte.jpg',
        contentType: 'image/jpeg',
        size: fixtureFiles.jpeg.buffer.length,
      })
      .returning();
    const res = await w.call('jury', { method: 'GET', url: url(w.main.facility.id, `/files/${file!.id}`) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(fixtureFiles.jpeg.buffer)).toBe(true);
    expect((await w.call('jury', { method: 'GET', url: url(w.toReturn.facility.id, `/files/${file!.id}`) })).statusCode).toBe(404);
    expect((await w.call('member', { method: 'GET', url: url(w.main.facility.id, `/files/${file!.id}`) })).statusCode).toBe(403);
  });
});
