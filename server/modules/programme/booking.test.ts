import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '../../../src/shared/contracts/error-codes';
import { auditLog } from '../audit/audit.table';
import { facilityFixture } from '../../testing/facility-fixture';
import { createFacility, createSeason, enrol } from '../../testing/factories';
import { createTestWorld } from '../../testing/test-world';
import { rateLimitHits } from '../rate-limit/rate-limit.table';
import { programmeRateRules } from './programme-rate-limits';
import { offeringEnrolments } from './programme.table';
import { createAwardingEvent, createModule, createOffering, createStaff, mailsMatching } from './test-helpers';

const w = createTestWorld(async () => {
  const f = await facilityFixture();
  const seasonEnrolment = await enrol(f.db, f.facility.id, f.season.id);
  await enrol(f.db, f.otherFacility.id, f.season.id);
  return { ...f, seasonEnrolment };
});

const bookAs = (role: 'member' | 'otherMember' | 'admin' | 'anonymous', facilityId: number, offeringId: number, personIds: number[]) =>
  w.call(role, { method: 'POST', url: `/api/facilities/${facilityId}/enrolments`, payload: { offeringId, personIds } });
const cancelAs = (role: 'member' | 'otherMember' | 'admin', facilityId: number, enrolmentId: number) =>
  w.call(role, { method: 'DELETE', url: `/api/facilities/${facilityId}/enrolments/${enrolmentId}` });
const stateOf = async (id: number) => (await w.db.select().from(offeringEnrolments).where(eq(offeringEnrolments.id, id)))[0]!.state;

describe('booking: capacity and waiting list', () => {
  it('given 2 seats, when 3 persons book, 2 are confirmed and the third waits on place 1; a later one on place 2', async () => {
    const o = await createOffering(w.db, w.season.id, { capacity: 2 });
    const staff = await createStaff(w.db, w.facility.id, 3);
    const res = await bookAs(
      'member',
      w.facility.id,
      o.id,
      staff.map((p) => p.id),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().results.map((r: { state: string; waitlistPosition: number | null }) => [r.state, r.waitlistPosition])).toEqual([
      ['confirmed', null],
      ['confirmed', null],
      ['waitlisted', 1],
    ]);
    const [other] = await createStaff(w.db, w.otherFacility.id, 1);
    const res2 = await bookAs('otherMember', w.otherFacility.id, o.id, [other!.id]);
    expect(res2.json().results[0]).toMatchObject({ state: 'waitlisted', waitlistPosition: 2 });
    // the waiting-list mail names the place; the other KiTa's staff entry has an address of its own
    const [mail] = await mailsMatching(w.t, (m) => m.to === other!.email && m.subject.startsWith('Warteliste: '), 1);
    expect(mail!.text).toContain('steht auf Platz 2 der Warteliste');
  });

  it('given a booked person, booking her again answers 409 naming her', async () => {
    const o = await createOffering(w.db, w.season.id);
    const [p] = await createStaff(w.db, w.facility.id, 1, { firstName: 'Jana', lastName: 'Öztürk' });
    expect((await bookAs('member', w.facility.id, o.id, [p!.id])).statusCode).toBe(201);
    const again = await bookAs('member', w.facility.id, o.id, [p!.id]);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason.message).toBe('Jana Öztürk ist für diesen Termin schon angemeldet.');
  });

  it('given a confirmed seat is cancelled, exactly one waiting entry (the oldest) moves up and is mailed', async () => {
    const o = await createOffering(w.db, w.season.id, { capacity: 1, title: 'Klima-Werkstatt' });
    const staff = await createStaff(w.db, w.facility.id, 3);
    const first = (await bookAs('member', w.facility.id, o.id, [staff[0]!.id])).json().results[0];
    const second = (await bookAs('member', w.facility.id, o.id, [staff[1]!.id])).json().results[0];
    const third = (await bookAs('member', w.facility.id, o.id, [staff[2]!.id])).json().results[0];
    expect([second.waitlistPosition, third.waitlistPosition]).toEqual([1, 2]);
    const res = await cancelAs('member', w.facility.id, first.enrolmentId);
    expect(res.statusCode).toBe(200);
    expect(res.json().enrolment).toMatchObject({ state: 'cancelled', canCancel: false });
    expect(await stateOf(second.enrolmentId)).toBe('confirmed');
    expect(await stateOf(third.enrolmentId)).toBe('waitlisted');
    const list = (await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/enrolments?kind=training` })).json().enrolments;
    expect(list.find((e: { enrolmentId: number }) => e.enrolmentId === third.enrolmentId).waitlistPosition).toBe(1);
    const promoted = await mailsMatching(w.t, (m) => m.subject === 'Nachgerückt: Klima-Werkstatt', 1);
    expect(promoted.map((m) => m.to)).toEqual([staff[1]!.email]);
    expect(promoted[0]!.attachments?.[0]).toMatchObject({ filename: 'termin.ics', contentType: 'text/calendar; charset=utf-8' });
    // cancelling a waiting entry frees no seat: nobody moves up
    await cancelAs('member', w.facility.id, third.enrolmentId);
    expect(await stateOf(second.enrolmentId)).toBe('confirmed');
  });

  it('given a training module, KiTas without any seat in that module move up first', async () => {
    const m = await createModule(w.db, w.season.id, { title: 'Modul Vorrang' });
    const a = await createOffering(w.db, w.season.id, { moduleId: m.id, capacity: 1 });
    const b = await createOffering(w.db, w.season.id, { moduleId: m.id, capacity: 5 });
    const mine = await createStaff(w.db, w.facility.id, 3);
    const [theirs] = await createStaff(w.db, w.otherFacility.id, 1);
    // our KiTa holds a seat in the module (event b) and waits first on event a; the other KiTa waits later
    await bookAs('member', w.facility.id, b.id, [mine[0]!.id]);
    const seat = (await bookAs('member', w.facility.id, a.id, [mine[1]!.id])).json().results[0];
    const oursWaiting = (await bookAs('member', w.facility.id, a.id, [mine[2]!.id])).json().results[0];
    const theirsWaiting = (await bookAs('otherMember', w.otherFacility.id, a.id, [theirs!.id])).json().results[0];
    expect([oursWaiting.waitlistPosition, theirsWaiting.waitlistPosition]).toEqual([1, 2]);
    await cancelAs('admin', w.facility.id, seat.enrolmentId);
    expect(await stateOf(theirsWaiting.enrolmentId)).toBe('confirmed');
    expect(await stateOf(oursWaiting.enrolmentId)).toBe('waitlisted');
  });

  it('given a hospitation, a KiTa without a seat there moves up before an older entry of a KiTa that has one', async () => {
    const h = await createOffering(w.db, w.season.id, { kind: 'hospitation', hostFacilityId: w.otherFacility.id, capacity: 2, place: '' });
    const mine = await createStaff(w.db, w.facility.id, 3);
    const [theirs] = await createStaff(w.db, w.otherFacility.id, 1);
    const [seat1, , waitingMine] = (
      await bookAs(
        'member',
        w.facility.id,
        h.id,
        mine.map((p) => p.id),
      )
    ).json().results;
    const waitingTheirs = (await bookAs('otherMember', w.otherFacility.id, h.id, [theirs!.id])).json().results[0];
    expect([waitingMine.waitlistPosition, waitingTheirs.waitlistPosition]).toEqual([1, 2]);
    await cancelAs('member', w.facility.id, seat1.enrolmentId);
    expect(await stateOf(waitingTheirs.enrolmentId)).toBe('confirmed');
    expect(await stateOf(waitingMine.enrolmentId)).toBe('waitlisted');
  });

  it('given a module limit per KiTa per event and per module, a booking beyond it answers 409', async () => {
    const m = await createModule(w.db, w.season.id, { title: 'Erfahrene', maxPerFacilityPerEvent: 2, maxPerFacilityPerModule: 3 });
    const a = await createOffering(w.db, w.season.id, { moduleId: m.id, capacity: 10 });
    const b = await createOffering(w.db, w.season.id, { moduleId: m.id, capacity: 10 });
    const staff = await createStaff(w.db, w.facility.id, 4);
    const tooMany = await bookAs(
      'member',
      w.facility.id,
      a.id,
      staff.slice(0, 3).map((p) => p.id),
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().reason).toMatchObject({
      code: 'limit_per_event',
      message: 'Pro KiTa sind bei diesem Termin höchstens 2 Personen möglich.',
    });
    expect(
      (
        await bookAs(
          'member',
          w.facility.id,
          a.id,
          staff.slice(0, 2).map((p) => p.id),
        )
      ).statusCode,
    ).toBe(201);
    expect((await bookAs('member', w.facility.id, b.id, [staff[2]!.id])).statusCode).toBe(201);
    const module = await bookAs('member', w.facility.id, b.id, [staff[3]!.id]);
    expect(module.json().reason.code).toBe('limit_per_module');
    // another KiTa has its own limits
    const [other] = await createStaff(w.db, w.otherFacility.id, 1);
    expect((await bookAs('otherMember', w.otherFacility.id, b.id, [other!.id])).statusCode).toBe(201);
  });
});

describe('booking: windows, states, seasons', () => {
  it('given registration not open yet, closed, or the date started, booking answers 409 with the reason', async () => {
    const [p] = await createStaff(w.db, w.facility.id, 1);
    const future = new Date(Date.now() + 86_400_000);
    const notYet = await createOffering(w.db, w.season.id, { registrationOpensAt: new Date('2099-02-01T08:00:00Z') });
    const closed = await createOffering(w.db, w.season.id, { registrationClosesAt: new Date(Date.now() - 1000) });
    const started = await createOffering(w.db, w.season.id, { startsAt: new Date(Date.now() - 3_600_000), endsAt: future });
    const r1 = await bookAs('member', w.facility.id, notYet.id, [p!.id]);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().reason.message).toBe('Anmeldung ab 01.02.2099, 09:00 Uhr.');
    expect((await bookAs('member', w.facility.id, closed.id, [p!.id])).json().reason.code).toBe('registration_closed');
    expect((await bookAs('member', w.facility.id, started.id, [p!.id])).json().reason.message).toBe('Dieser Termin hat schon begonnen.');
    // the list says the same
    const list = (await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/offerings?kind=training` })).json();
    const item = list.offerings.find((o: { id: number }) => o.id === notYet.id);
    expect(item).toMatchObject({ canBook: false, registrationMessage: 'Anmeldung ab 01.02.2099, 09:00 Uhr.' });
  });

  it('given a cancelled, a draft or a last-season offering, booking answers 409/404', async () => {
    const [p] = await createStaff(w.db, w.facility.id, 1);
    const cancelled = await createOffering(w.db, w.season.id, { state: 'cancelled' });
    const draft = await createOffering(w.db, w.season.id, { state: 'draft' });
    const old = await createSeason(w.db, { identifier: '2025-26', label: 'KiTa-Jahr 2025/26' });
    const last = await createOffering(w.db, old.id);
    expect((await bookAs('member', w.facility.id, cancelled.id, [p!.id])).json().reason.code).toBe('offering_cancelled');
    expect((await bookAs('member', w.facility.id, draft.id, [p!.id])).statusCode).toBe(404);
    expect((await bookAs('member', w.facility.id, last.id, [p!.id])).json().reason.code).toBe('offering_closed');
  });

  it('given a KiTa not enrolled to the current season, booking and the list answer 403', async () => {
    const lone = await createFacility(w.db);
    const [p] = await createStaff(w.db, lone.id, 1);
    const o = await createOffering(w.db, w.season.id);
    const res = await bookAs('admin', lone.id, o.id, [p!.id]);
    expect(res.statusCode).toBe(403);
    expect(res.json().reason.code).toBe('not_enrolled');
    expect((await w.call('admin', { method: 'GET', url: `/api/facilities/${lone.id}/offerings?kind=training` })).statusCode).toBe(403);
  });

  it("given another KiTa's or a removed staff entry, booking answers 400 and books nobody", async () => {
    const o = await createOffering(w.db, w.season.id);
    const [theirs] = await createStaff(w.db, w.otherFacility.id, 1);
    const [gone] = await createStaff(w.db, w.facility.id, 1, { removedAt: new Date() });
    const [mine] = await createStaff(w.db, w.facility.id, 1);
    for (const ids of [[mine!.id, theirs!.id], [gone!.id]]) {
      const res = await bookAs('member', w.facility.id, o.id, ids);
      expect(res.statusCode).toBe(400);
      expect(res.json().reason.fields.personIds).toBeTruthy();
    }
    expect(await w.db.select().from(offeringEnrolments).where(eq(offeringEnrolments.offeringId, o.id))).toHaveLength(0);
  });

  it('given a booking that succeeds and one that is refused, only the one that succeeded counts against the KiTa (checked inside the booking)', async () => {
    const lone = await createFacility(w.db);
    await enrol(w.db, lone.id, w.season.id);
    const [p] = await createStaff(w.db, lone.id, 1);
    const o = await createOffering(w.db, w.season.id);
    const hits = async () =>
      (
        await w.db
          .select()
          .from(rateLimitHits)
          .where(and(eq(rateLimitHits.bucket, programmeRateRules.bookingPerFacility.bucket), eq(rateLimitHits.key, String(lone.id))))
      ).length;
    expect((await bookAs('admin', lone.id, o.id, [p!.id])).statusCode).toBe(201);
    expect(await hits()).toBe(1);
    // booked already: refused, no mail, not counted
    expect((await bookAs('admin', lone.id, o.id, [p!.id])).statusCode).toBe(409);
    expect(await hits()).toBe(1);
  });
});

describe('booking: permissions', () => {
  it("given another KiTa's member, booking, cancelling, listing and the .ics of our KiTa answer 403/404", async () => {
    const o = await createOffering(w.db, w.season.id);
    const [p] = await createStaff(w.db, w.facility.id, 1);
    const booked = (await bookAs('member', w.facility.id, o.id, [p!.id])).json().results[0];
    expect((await bookAs('otherMember', w.facility.id, o.id, [p!.id])).statusCode).toBe(403);
    expect((await cancelAs('otherMember', w.facility.id, booked.enrolmentId)).statusCode).toBe(403);
    // through their own KiTa's path: our enrolment is not theirs
    expect((await cancelAs('otherMember', w.otherFacility.id, booked.enrolmentId)).statusCode).toBe(404);
    const ics = await w.call('otherMember', {
      method: 'GET',
      url: `/api/facilities/${w.otherFacility.id}/enrolments/${booked.enrolmentId}/calendar.ics`,
    });
    expect(ics.statusCode).toBe(404);
    expect(ics.body).not.toContain(o.title);
    // and booking our staff entry on their KiTa's path
    const foreign = await bookAs('otherMember', w.otherFacility.id, o.id, [p!.id]);
    expect(foreign.statusCode).toBe(400);
    expect(await stateOf(booked.enrolmentId)).toBe('confirmed');
  });

  it('given an offering that started, the KiTa cannot cancel; an attended enrolment cannot be cancelled at all', async () => {
    const o = await createOffering(w.db, w.season.id);
    const [p, q] = await createStaff(w.db, w.facility.id, 2);
    const [a, b] = (await bookAs('member', w.facility.id, o.id, [p!.id, q!.id])).json().results;
    await w.db.update(offeringEnrolments).set({ state: 'attended' }).where(eq(offeringEnrolments.id, a.enrolmentId));
    expect((await cancelAs('member', w.facility.id, a.enrolmentId)).json().reason.code).toBe('attended');
    const { offerings } = await import('./programme.table');
    await w.db
      .update(offerings)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(offerings.id, o.id));
    expect((await cancelAs('member', w.facility.id, b.enrolmentId)).json().reason.code).toBe('offering_started');
  });
});

describe('booking: rate limit', () => {
  it('given a KiTa that booked and cancelled 300 times today, the next booking answers 429 and books nobody', async () => {
    const lone = await createFacility(w.db);
    await enrol(w.db, lone.id, w.season.id);
    const [p] = await createStaff(w.db, lone.id, 1);
    const o = await createOffering(w.db, w.season.id);
    await w.db.insert(rateLimitHits).values(
      Array.from({ length: programmeRateRules.bookingPerFacility.limit }, () => ({
        bucket: programmeRateRules.bookingPerFacility.bucket,
        key: String(lone.id),
      })),
    );
    const res = await bookAs('admin', lone.id, o.id, [p!.id]);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeTruthy();
    expect(await w.db.select().from(offeringEnrolments).where(eq(offeringEnrolments.offeringId, o.id))).toHaveLength(0);
  });
});

describe('awarding rules', () => {
  it('given a KiTa not zur Auszeichnung zugelassen, booking a workshop answers 403; once approved it books', async () => {
    const ev = await createAwardingEvent(w.db, w.season.id);
    const ws = await createOffering(w.db, w.season.id, { kind: 'awarding', awardingEventId: ev.id, capacity: 10 });
    const [p] = await createStaff(w.db, w.facility.id, 1);
    const res = await bookAs('member', w.facility.id, ws.id, [p!.id]);
    expect(res.statusCode).toBe(403);
    expect(res.json().reason.code).toBe('not_approved');
    const awarding = (await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/awarding` })).json();
    expect(awarding).toMatchObject({ eligible: false, chosenEventId: null });
    const approve = await w.call('admin', {
      method: 'PUT',
      url: `/api/admin/season-enrolments/${w.seasonEnrolment.id}/award-approval`,
      payload: { approved: true, version: w.seasonEnrolment.version },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().approvedForAwardAt).toBeTruthy();
    expect((await bookAs('member', w.facility.id, ws.id, [p!.id])).statusCode).toBe(201);
    const audited = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'season_enrolment.approve_for_award'), eq(auditLog.entityId, String(w.seasonEnrolment.id))));
    expect(audited).toHaveLength(1);
  });

  it('given an approved KiTa, it stays at one event, a person takes one workshop, and the attendee limit counts persons', async () => {
    const nord = await createAwardingEvent(w.db, w.season.id, { title: 'Nord', maxAttendeesPerFacility: 2 });
    const sued = await createAwardingEvent(w.db, w.season.id, { title: 'Süd' });
    const n1 = await createOffering(w.db, w.season.id, { kind: 'awarding', awardingEventId: nord.id, capacity: 10 });
    const n2 = await createOffering(w.db, w.season.id, { kind: 'awarding', awardingEventId: nord.id, capacity: 10 });
    const s1 = await createOffering(w.db, w.season.id, { kind: 'awarding', awardingEventId: sued.id, capacity: 10 });
    const staff = await createStaff(w.db, w.facility.id, 3);
    // approved by the previous test; its booking at another event is taken back
    await w.db.update(offeringEnrolments).set({ state: 'cancelled' }).where(eq(offeringEnrolments.facilityId, w.facility.id));
    expect((await bookAs('member', w.facility.id, n1.id, [staff[0]!.id])).statusCode).toBe(201);
    const twice = await bookAs('member', w.facility.id, n2.id, [staff[0]!.id]);
    expect(twice.json().reason.code).toBe('one_workshop_per_person');
    expect((await bookAs('member', w.facility.id, n2.id, [staff[1]!.id])).statusCode).toBe(201);
    expect((await bookAs('member', w.facility.id, n2.id, [staff[2]!.id])).json().reason.code).toBe('limit_attendees');
    const other = await bookAs('member', w.facility.id, s1.id, [staff[2]!.id]);
    expect(other.json().reason.code).toBe('other_awarding_event');
    // an event whose registration has not opened yet refuses its workshops
    const later = await createAwardingEvent(w.db, w.season.id, { title: 'Später', registrationOpensAt: new Date('2099-01-01T08:00:00Z') });
    const l1 = await createOffering(w.db, w.season.id, { kind: 'awarding', awardingEventId: later.id, capacity: 10 });
    await w.db.update(offeringEnrolments).set({ state: 'cancelled' }).where(eq(offeringEnrolments.facilityId, w.facility.id));
    const draft = await createAwardingEvent(w.db, w.season.id, { title: 'Entwurf', state: 'draft' });
    const d1 = await createOffering(w.db, w.season.id, { kind: 'awarding', awardingEventId: draft.id, capacity: 10 });
    const visible = (await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/offerings?kind=awarding` }))
      .json()
      .offerings.map((o: { id: number }) => o.id);
    expect(visible).toContain(l1.id);
    const listed = (await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/offerings?kind=awarding` })).json().offerings;
    expect(listed.find((o: { id: number }) => o.id === l1.id)).toMatchObject({
      canBook: false,
      registrationMessage: 'Anmeldung ab 01.01.2099, 09:00 Uhr.',
    });
    expect(visible).not.toContain(d1.id);
    expect((await bookAs('member', w.facility.id, d1.id, [staff[2]!.id])).statusCode).toBe(404);
    const early = await bookAs('member', w.facility.id, l1.id, [staff[2]!.id]);
    expect(early.json().reason).toMatchObject({ code: 'registration_closed', message: 'Anmeldung ab 01.01.2099, 09:00 Uhr.' });
  });
});

describe.runIf(process.env.DATABASE_URL)('lock timeout (PostgreSQL: a second connection holds the lock)', () => {
  it('given the offering row locked elsewhere, a booking answers 409 with the rush message', async () => {
    const o = await createOffering(w.db, w.season.id);
    const [p] = await createStaff(w.db, w.facility.id, 1);
    vi.stubEnv('BOOKING_LOCK_TIMEOUT_MS', '200');
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = w.db.transaction(async (tx) => {
        const { sql } = await import('drizzle-orm');
        await tx.execute(sql`select id from offerings where id = ${o.id} for update`);
        locked();
        await held;
      });
      await isLocked;
      const res = await bookAs('member', w.facility.id, o.id, [p!.id]);
      release();
      await holder;
      expect(res.statusCode).toBe(409);
      expect(res.json().reason).toMatchObject({ code: 'rush', message: errorCatalogue.programme.rush.message });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
