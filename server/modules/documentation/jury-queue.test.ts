import { describe, expect, it } from 'vitest';
import { juryQueueSchema, nextUnreviewedSchema } from '../../../src/shared/contracts/admin-documentation';
import { createFacility, enrol } from '../../testing/factories';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { allScores, createForm, createReview, documentationFixture, type DocRole } from './test-helpers';

// Issue 19: the jury's queue (start page) and "Nächster Bogen" after a review.
const w = createTestWorld(async () => {
  const f = await documentationFixture();
  // the fixture's KiTa is "Kinderhaus Sonnenschein"; in the list's German order: Ämmerle, Birke, Kinderhaus Sonnenschein, Zwerge
  const make = async (label: string) => {
    const facility = await createFacility(f.db, { label, city: 'Regensburg', postalCode: '93047', region: 'Oberpfalz' });
    await enrol(f.db, facility.id, f.season.id);
    return facility;
  };
  const aemmerle = await make('Ämmerle-Kita');
  const birke = await make('Birkenhaus');
  const zwerge = await make('Zwergenland');
  const draft = await make('Entwurfshausen');
  const gone = await createFacility(f.db, { label: 'Ausgetreten', city: 'Passau', region: 'Niederbayern' });
  await enrol(f.db, gone.id, f.season.id, { withdrawnAt: new Date() });

  const sonnenschein = await createForm(f.db, f.facility.id, f.season.id, { state: 'submitted' });
  await createForm(f.db, aemmerle.id, f.season.id, { state: 'submitted' });
  await createForm(f.db, birke.id, f.season.id, { state: 'submitted' });
  const zwergeForm = await createForm(f.db, zwerge.id, f.season.id, { state: 'approved' });
  await createForm(f.db, draft.id, f.season.id, { state: 'draft' });
  await createForm(f.db, gone.id, f.season.id, { state: 'submitted' });
  // jury has reviewed Sonnenschein (waiting for a decision) and the approved Zwergenland; jury2 nothing
  await createReview(f.db, sonnenschein.id, f.jury.id, allScores(4));
  await createReview(f.db, zwergeForm.id, f.jury.id, { ...allScores(2), bne: 5 });
  return { ...f, aemmerle, birke, zwerge, draft, gone };
});

const base = () => `/api/admin/documentation/${w.season.identifier}`;
const queue = async (role: DocRole) => parseAnswer(juryQueueSchema, await w.call(role, { method: 'GET', url: `${base()}/queue` }));
const next = async (role: DocRole, after?: number) =>
  parseAnswer(
    nextUnreviewedSchema,
    await w.call(role, { method: 'GET', url: `${base()}/next-unreviewed${after === undefined ? '' : `?after=${after}`}` }),
  );

describe('the jury queue', () => {
  it('given a jury member, lists submitted forms without their review (German order) and their reviewed ones, the latest first', async () => {
    const q = await queue('jury');
    expect(q).toMatchObject({ seasonIdentifier: w.season.identifier, seasonLabel: w.season.label });
    expect(q.waiting.items.map((i) => i.facilityLabel)).toEqual(['Ämmerle-Kita', 'Birkenhaus']);
    expect(q.waiting.total).toBe(2);
    expect(q.waiting.items[0]).toMatchObject({ state: 'submitted', reviewedAt: null, ownTotal: null, city: 'Regensburg' });
    expect(q.done.total).toBe(2);
    expect(q.done.items.map((i) => i.facilityLabel).sort()).toEqual(['Kinderhaus Sonnenschein', 'Zwergenland']);
    // weighted: (2+2+5*2+2*2+2+2+2)/9 = 24/9 = 2.7
    expect(q.done.items.find((i) => i.facilityLabel === 'Zwergenland')).toMatchObject({ state: 'approved', ownTotal: 2.7 });
  });

  it('given another jury member, their own reviews count: everything submitted waits, nothing is done; a withdrawn KiTa and drafts never show', async () => {
    const q = await queue('jury2');
    expect(q.waiting.items.map((i) => i.facilityLabel)).toEqual(['Ämmerle-Kita', 'Birkenhaus', 'Kinderhaus Sonnenschein']);
    expect(q.done).toEqual({ items: [], total: 0 });
  });

  it('refuses staff (403) and anonymous callers (401); an unknown season is 404', async () => {
    expect(reasonOfAnswer(await w.call('member', { method: 'GET', url: `${base()}/queue` }), 403).code).toBe('forbidden');
    expect((await w.call('anonymous', { method: 'GET', url: `${base()}/next-unreviewed` })).statusCode).toBe(401);
    expect((await w.call('jury', { method: 'GET', url: '/api/admin/documentation/2031-32/queue' })).statusCode).toBe(404);
  });
});

describe('next unreviewed form', () => {
  it('given the form just reviewed, answers the next waiting one after it in the list order, wrapping to the top', async () => {
    // jury2 reviews nothing yet: after Ämmerle comes Birkenhaus, after Birkenhaus Sonnenschein, after Sonnenschein back to Ämmerle
    expect(await next('jury2', w.aemmerle.id)).toEqual({ next: { facilityId: w.birke.id, facilityLabel: 'Birkenhaus' }, remaining: 2 });
    expect((await next('jury2', w.birke.id)).next?.facilityLabel).toBe('Kinderhaus Sonnenschein');
    expect((await next('jury2', w.facility.id)).next?.facilityLabel).toBe('Ämmerle-Kita');
    // from a form that is not waiting (approved) or without `after`: the next in order / the first
    expect((await next('jury2', w.zwerge.id)).next?.facilityLabel).toBe('Ämmerle-Kita');
    expect((await next('jury2')).next?.facilityLabel).toBe('Ämmerle-Kita');
  });

  it('given the last review saved, answers null: all are reviewed', async () => {
    const birkeForm = (await w.call('admin', { method: 'GET', url: `${base()}/${w.birke.id}` })).json() as { formId: number };
    const aemmerleForm = (await w.call('admin', { method: 'GET', url: `${base()}/${w.aemmerle.id}` })).json() as { formId: number };
    await createReview(w.db, aemmerleForm.formId, w.jury.id);
    expect(await next('jury', w.aemmerle.id)).toEqual({ next: { facilityId: w.birke.id, facilityLabel: 'Birkenhaus' }, remaining: 1 });
    await createReview(w.db, birkeForm.formId, w.jury.id);
    expect(await next('jury', w.birke.id)).toEqual({ next: null, remaining: 0 });
    expect((await queue('jury')).waiting).toEqual({ items: [], total: 0 });
  });

  it('given a bad `after`, answers 400 in German', async () => {
    const reason = reasonOfAnswer(await w.call('jury', { method: 'GET', url: `${base()}/next-unreviewed?after=abc` }), 400);
    expect(reason.fields?.after).toBe('Ungültige Nummer.');
  });
});
