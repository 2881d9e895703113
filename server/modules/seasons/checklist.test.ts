import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seasonChecklistSchema } from '../../../src/shared/contracts/season-enrolment';
import { facilityFixture } from '../../testing/facility-fixture';
import { parseAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { documentationForms } from '../documentation/documentation.table';
import { createForm } from '../documentation/test-helpers';
import { offeringEnrolments } from '../programme/programme.table';
import { createAwardingEvent, createOffering, createStaff } from '../programme/test-helpers';
import { seasonEnrolments, seasons } from './seasons.table';

/*
 * Issue 19 defect 3: the start page's checklist is the KiTa's season at a glance. Each step reads the real state of
 * its module (bookings with their day, the form's state, the jury's decision, the awarding event booked) and links
 * to its page.
 */

const f = createTestWorld(async () => {
  const f = await facilityFixture();
  const [staff] = await createStaff(f.db, f.facility.id, 1);
  await f.db
    .update(seasons)
    .set({
      allowDocumentation: true,
      documentationDeadline: '2099-06-30',
      trainingsDeadline: '2099-05-31',
      hospitationDeadline: '2099-05-31',
      juryDate: '2099-07-15',
      awardDate: '2099-10-12',
    })
    .where(eq(seasons.id, f.season.id));
  const enrol = await f.call('member', {
    method: 'PUT',
    url: `/api/facilities/${f.facility.id}/season-enrolment`,
    payload: {
      projectTopics: ['Wasser'],
      projectTitle: 'Wasser ist Leben',
      contactPersonId: staff!.id,
      groupsTakingPart: 'Igel',
      childrenTakingPart: 20,
      acceptedTerms: true,
    },
  });
  expect(enrol.statusCode).toBe(200);
  return { ...f, staffId: staff!.id };
});

const checklist = async () => {
  const { steps } = parseAnswer(
    seasonChecklistSchema,
    await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}/season-checklist` }),
  );
  return Object.fromEntries(steps.map((s) => [s.key, s]));
};

describe('season checklist (issue 19)', () => {
  it('given nothing booked or written yet, steps 3-7 say what is possible now and link to their pages', async () => {
    const steps = await checklist();
    expect(steps.trainings).toMatchObject({ state: 'open', detail: 'Buchung bis 31.05.2099 möglich', path: '/fortbildungen' });
    expect(steps.hospitation).toMatchObject({ state: 'open', path: '/hospitationen' });
    expect(steps.documentation).toMatchObject({ state: 'open', detail: 'Einreichen bis 30.06.2099 möglich', path: '/dokumentationsbogen' });
    expect(steps.jury).toMatchObject({ state: 'upcoming', detail: 'Jurysitzung am 15.07.2099; nach dem Einreichen', path: '/dokumentationsbogen' });
    expect(steps.award).toMatchObject({ state: 'upcoming', path: '/auszeichnungsverantaltung' });
    for (const step of Object.values(steps)) expect(step.path, step.key).not.toBeNull();
  });

  it('given a confirmed training, step 3 names its day and time (never "Termin folgt"); attended, it is done', async () => {
    const offering = await createOffering(f.db, f.season.id, {
      startsAt: new Date('2027-02-10T08:00:00Z'),
      endsAt: new Date('2027-02-10T15:00:00Z'),
    });
    const [booking] = await f.db
      .insert(offeringEnrolments)
      .values({ offeringId: offering.id, facilityId: f.facility.id, personId: f.staffId, state: 'confirmed' })
      .returning();
    expect((await checklist()).trainings).toMatchObject({ state: 'booked', detail: 'Gebucht: Mi., 10.02.2027, 09:00 Uhr' });
    await f.db.update(offeringEnrolments).set({ state: 'attended' }).where(eq(offeringEnrolments.id, booking!.id));
    expect((await checklist()).trainings).toMatchObject({ state: 'done', detail: 'Teilgenommen: Mi., 10.02.2027, 09:00 Uhr' });
    const waiting = await createOffering(f.db, f.season.id, {
      kind: 'hospitation',
      hostFacilityId: f.otherFacility.id,
      startsAt: new Date('2027-03-02T08:30:00Z'),
    });
    await f.db.insert(offeringEnrolments).values({ offeringId: waiting.id, facilityId: f.facility.id, personId: f.staffId, state: 'waitlisted' });
    expect((await checklist()).hospitation).toMatchObject({ state: 'waitlisted', detail: 'Auf der Warteliste: Di., 02.03.2027, 09:30 Uhr' });
  });

  it('given the form submitted, step 5 is done (no "Jetzt möglich") and the jury step follows its decision', async () => {
    const form = await createForm(f.db, f.facility.id, f.season.id, { state: 'draft' });
    expect((await checklist()).documentation).toMatchObject({
      state: 'open',
      detail: expect.stringMatching(/^Entwurf, zuletzt gespeichert am \d{2}\.\d{2}\.\d{4}$/),
    });
    const set = (values: Partial<typeof documentationForms.$inferInsert>) =>
      f.db.update(documentationForms).set(values).where(eq(documentationForms.id, form.id));
    await set({ state: 'submitted', submittedAt: new Date('2027-05-12T10:00:00Z') });
    let steps = await checklist();
    expect(steps.documentation).toMatchObject({ state: 'done', detail: 'Eingereicht am 12.05.2027' });
    expect(steps.jury).toMatchObject({ state: 'inReview', detail: 'Jurysitzung am 15.07.2099' });
    await set({ state: 'returned', decidedAt: new Date('2027-05-20T10:00:00Z') });
    steps = await checklist();
    expect(steps.documentation).toMatchObject({ state: 'open', detail: 'Zurückgegeben am 20.05.2027: bitte überarbeiten und erneut einreichen' });
    expect(steps.jury).toMatchObject({ state: 'upcoming', detail: 'Zur Überarbeitung zurückgegeben am 20.05.2027' });
    await set({ state: 'approved', decidedAt: new Date('2027-07-15T16:00:00Z') });
    steps = await checklist();
    expect(steps.documentation).toMatchObject({ state: 'done', detail: 'Eingereicht am 12.05.2027' });
    expect(steps.jury).toMatchObject({ state: 'done', detail: 'Angenommen am 15.07.2027' });
    await set({ state: 'rejected' });
    expect((await checklist()).jury).toMatchObject({ state: 'declined', detail: 'Abgelehnt am 15.07.2027' });
  });

  it('given the KiTa admitted to the award and nothing booked, step 7 says so and is open, not "after the acceptance"', async () => {
    expect((await checklist()).award).toMatchObject({ state: 'upcoming', detail: 'am 12.10.2099; nach der Annahme eures Dokumentationsbogens' });
    await f.db
      .update(seasonEnrolments)
      .set({ approvedForAwardAt: new Date() })
      .where(and(eq(seasonEnrolments.facilityId, f.facility.id), eq(seasonEnrolments.seasonId, f.season.id)));
    expect((await checklist()).award).toMatchObject({
      state: 'open',
      detail: 'Zur Auszeichnung zugelassen: Plätze buchen (am 12.10.2099)',
      path: '/auszeichnungsverantaltung',
    });
  });

  it('given a workshop of the awarding event booked, step 7 names the event and its day', async () => {
    const event = await createAwardingEvent(f.db, f.season.id, { title: 'Auszeichnung Nord' });
    const workshop = await createOffering(f.db, f.season.id, {
      kind: 'awarding',
      awardingEventId: event.id,
      startsAt: new Date('2027-10-12T08:00:00Z'),
    });
    await f.db.insert(offeringEnrolments).values({ offeringId: workshop.id, facilityId: f.facility.id, personId: f.staffId, state: 'confirmed' });
    expect((await checklist()).award).toMatchObject({
      state: 'booked',
      detail: 'Gebucht: Auszeichnung Nord, Di., 12.10.2027, 10:00 Uhr',
      path: '/auszeichnungsverantaltung',
    });
  });
});
