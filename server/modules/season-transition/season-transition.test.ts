import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prepareNextAnswerSchema } from '../../../src/shared/contracts/season-transition';
import { facilityFixture } from '../../testing/facility-fixture';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { certificateTemplates } from '../certificates/certificates.table';
import { documentationTemplates } from '../documentation/documentation.table';
import { awardingEvents, offeringEnrolments, offerings, trainingModules } from '../programme/programme.table';
import { createAwardingEvent, createModule, createOffering, createStaff } from '../programme/test-helpers';
import { seasons } from '../seasons/seasons.table';

const berlin = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const wall = (d: Date | null) => (d === null ? null : berlin.format(d));

const w = createTestWorld(async () => {
  const f = await facilityFixture();
  const db = f.db;
  await db
    .update(seasons)
    .set({ enrolmentOpensOn: '2026-06-01', juryDate: '2027-07-14', documentationDeadline: '2027-06-30', allowDocumentation: true })
    .where(eq(seasons.id, f.season.id));
  const mod = await createModule(db, f.season.id, { title: 'Modul Natur', maxPerFacilityPerEvent: 2 });
  // Tuesday 27.10.2026 09:00 in Berlin is winter time (08:00 UTC); one year on, Tuesday 26.10.2027 is still summer time
  const training = await createOffering(db, f.season.id, {
    moduleId: mod.id,
    title: 'Fortbildung Herbst',
    startsAt: new Date('2026-10-27T08:00:00Z'),
    endsAt: new Date('2026-10-27T15:30:00Z'),
    registrationOpensAt: new Date('2026-09-01T06:00:00Z'),
    registrationClosesAt: null,
    capacity: 18,
    place: 'Umweltstation Nürnberg',
    region: 'Mittelfranken',
  });
  const draft = await createOffering(db, f.season.id, {
    moduleId: mod.id,
    title: 'Fortbildung Entwurf',
    state: 'draft',
    startsAt: new Date('2027-03-16T08:00:00Z'),
    endsAt: new Date('2027-03-16T15:00:00Z'),
  });
  await createOffering(db, f.season.id, {
    moduleId: mod.id,
    title: 'Abgesagt',
    state: 'cancelled',
    startsAt: new Date('2027-01-12T08:00:00Z'),
    endsAt: new Date('2027-01-12T15:00:00Z'),
  });
  const hospitation = await createOffering(db, f.season.id, {
    kind: 'hospitation',
    hostFacilityId: f.otherFacility.id,
    title: 'Hospitation Lechauen',
    capacity: 4,
    startsAt: new Date('2027-05-04T07:00:00Z'),
    endsAt: new Date('2027-05-04T10:00:00Z'),
  });
  const event = await createAwardingEvent(db, f.season.id, {
    title: 'Auszeichnung Süd',
    startsAt: new Date('2027-07-09T08:00:00Z'),
    endsAt: new Date('2027-07-09T14:00:00Z'),
    registrationOpensAt: new Date('2027-05-01T06:00:00Z'),
    registrationClosesAt: new Date('2027-06-30T21:59:00Z'),
  });
  await createAwardingEvent(db, f.season.id, { title: 'Abgesagte Auszeichnung', state: 'cancelled' });
  const workshop = await createOffering(db, f.season.id, {
    kind: 'awarding',
    awardingEventId: event.id,
    title: 'Workshop Wasser',
    capacity: 25,
    startsAt: new Date('2027-07-09T09:00:00Z'),
    endsAt: new Date('2027-07-09T10:30:00Z'),
  });
  const [staff] = await createStaff(db, f.facility.id);
  await db.insert(offeringEnrolments).values({ offeringId: training.id, facilityId: f.facility.id, personId: staff!.id, state: 'confirmed' });
  await db.insert(documentationTemplates).values({ seasonId: f.season.id, sections: [{ title: 'Teil A', questions: [] }] as never });
  await db
    .insert(certificateTemplates)
    .values({ seasonId: f.season.id, heading: 'Urkunde für {KiTa}', body: 'Im KiTa-Jahr {KiTa-Jahr}.', signatures: [] });
  const prepare = (dryRun: boolean, role: 'admin' | 'member' = 'admin', seasonId = f.season.id) =>
    f.call(role, { method: 'POST', url: `/api/admin/seasons/${seasonId}/prepare-next`, payload: { dryRun } });
  return { ...f, training, draft, hospitation, event, workshop, prepare };
});

describe('Nächstes KiTa-Jahr vorbereiten (issue 38)', () => {
  it('given a member, it answers 403; given a season that does not exist, 404', async () => {
    expect((await w.prepare(true, 'member')).statusCode).toBe(403);
    expect((await w.prepare(true, 'admin', 999_999)).statusCode).toBe(404);
  });

  it('given a dry run, it counts what it would create and moves example dates, and writes nothing', async () => {
    const a = parseAnswer(prepareNextAnswerSchema, await w.prepare(true));
    expect(a).toMatchObject({
      season: '2027-28',
      seasonCreated: true,
      seasonStartDate: '2027-09-01',
      seasonEndDate: '2028-08-31',
      dryRun: true,
      created: { offerings: 3, awardingEvents: 1, workshops: 1, templates: 2 },
      skipped: { offerings: 0, awardingEvents: 0, workshops: 0, templates: 0 },
    });
    const first = a.examples.find((e) => e.title === 'Fortbildung Herbst')!;
    expect(wall(new Date(first.from))).toBe('Dienstag, 27.10.2026, 09:00');
    expect(wall(new Date(first.to))).toBe('Dienstag, 26.10.2027, 09:00');
    expect(await w.db.select().from(seasons).where(eq(seasons.identifier, '2027-28'))).toEqual([]);
  });

  it('given "Anlegen", the next season is closed and not current, its dates one year on, and every date a draft 52 weeks on in Berlin time', async () => {
    const a = parseAnswer(prepareNextAnswerSchema, await w.prepare(false));
    expect(a.created).toEqual({ offerings: 3, awardingEvents: 1, workshops: 1, templates: 2 });
    const [next] = await w.db.select().from(seasons).where(eq(seasons.identifier, '2027-28'));
    expect(next).toMatchObject({
      label: 'KiTa-Jahr 2027/28',
      startDate: '2027-09-01',
      endDate: '2028-08-31',
      enrolmentState: 'closed',
      isCurrent: false,
      allowDocumentation: false,
      enrolmentOpensOn: '2027-06-01',
      enrolmentDeadline: '2100-02-05',
      documentationDeadline: '2028-06-30',
      juryDate: '2028-07-14',
      teamWorkshopDeadline: null,
    });
    const copies = await w.db.select().from(offerings).where(eq(offerings.seasonId, next!.id));
    expect(copies.map((o) => o.title).sort()).toEqual(['Fortbildung Entwurf', 'Fortbildung Herbst', 'Hospitation Lechauen', 'Workshop Wasser']);
    expect(copies.every((o) => o.state === 'draft')).toBe(true);
    const byTitle = (t: string) => copies.find((o) => o.title === t)!;
    const training = byTitle('Fortbildung Herbst');
    expect([wall(training.startsAt), wall(training.endsAt)]).toEqual(['Dienstag, 26.10.2027, 09:00', 'Dienstag, 26.10.2027, 16:30']);
    expect(wall(training.registrationOpensAt)).toBe('Dienstag, 31.08.2027, 08:00');
    expect(training.registrationClosesAt).toBeNull();
    expect(training).toMatchObject({ capacity: 18, place: 'Umweltstation Nürnberg', region: 'Mittelfranken', reminderDays: w.training.reminderDays });
    const [mod] = await w.db.select().from(trainingModules).where(eq(trainingModules.id, training.moduleId!));
    expect(mod).toMatchObject({ seasonId: next!.id, title: 'Modul Natur', maxPerFacilityPerEvent: 2 });
    expect(byTitle('Hospitation Lechauen')).toMatchObject({ kind: 'hospitation', hostFacilityId: w.otherFacility.id, capacity: 4 });
    for (const o of copies) {
      const source = [w.training, w.draft, w.hospitation, w.workshop].find((s) => s.title === o.title)!;
      expect(berlin.format(o.startsAt).slice(0, 10)).toBe(berlin.format(source.startsAt).slice(0, 10)); // same weekday
      expect(berlin.format(o.startsAt).slice(-5)).toBe(berlin.format(source.startsAt).slice(-5)); // same wall-clock time
    }
    const [event] = await w.db.select().from(awardingEvents).where(eq(awardingEvents.seasonId, next!.id));
    expect(event).toMatchObject({ title: 'Auszeichnung Süd', state: 'draft' });
    expect(wall(event!.startsAt)).toBe('Freitag, 07.07.2028, 10:00');
    expect(wall(event!.registrationClosesAt)).toBe('Mittwoch, 28.06.2028, 23:59');
    expect(byTitle('Workshop Wasser').awardingEventId).toBe(event!.id);
    const copiedIds = copies.map((o) => o.id);
    const enrolments = await w.db.select().from(offeringEnrolments);
    expect(enrolments.filter((e) => copiedIds.includes(e.offeringId))).toEqual([]);
    const [template] = await w.db.select().from(documentationTemplates).where(eq(documentationTemplates.seasonId, next!.id));
    expect(template?.sections).toEqual([{ title: 'Teil A', questions: [] }]);
    // the certificate template (SPEC §8) goes along, handed in by the certificates module
    const [certificate] = await w.db.select().from(certificateTemplates).where(eq(certificateTemplates.seasonId, next!.id));
    expect(certificate).toMatchObject({ heading: 'Urkunde für {KiTa}', body: 'Im KiTa-Jahr {KiTa-Jahr}.', version: 1 });
  });

  it('given a second run (also after a copy was edited), nothing is created twice and the answer says so', async () => {
    const [next] = await w.db.select().from(seasons).where(eq(seasons.identifier, '2027-28'));
    await w.db
      .update(offerings)
      .set({ title: 'Fortbildung Herbst (neu)' })
      .where(and(eq(offerings.seasonId, next!.id), eq(offerings.title, 'Fortbildung Herbst')));
    for (const dryRun of [true, false]) {
      const a = parseAnswer(prepareNextAnswerSchema, await w.prepare(dryRun));
      expect(a).toMatchObject({
        season: '2027-28',
        seasonCreated: false,
        created: { offerings: 0, awardingEvents: 0, workshops: 0, templates: 0 },
        skipped: { offerings: 3, awardingEvents: 1, workshops: 1, templates: 2 },
      });
    }
    expect(await w.db.select().from(offerings).where(eq(offerings.seasonId, next!.id))).toHaveLength(4);
  });

  it('given a season whose identifier has no next, it answers 409 in German', async () => {
    const [odd] = await w.db.insert(seasons).values({ identifier: 'alt', label: 'Altbestand' }).returning();
    expect(reasonOfAnswer(await w.prepare(false, 'admin', odd!.id), 409).message).toContain('kein nächstes KiTa-Jahr');
  });
});
