import { asc, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { facilityFixture } from '../../testing/facility-fixture';
import { createFacility, enrol } from '../../testing/factories';
import { createTestWorld } from '../../testing/test-world';
import { auditLog } from '../audit/audit.table';
import { facilities } from '../facilities/facilities.table';
import { mailOutbox } from '../mail/mail.table';
import { persons } from '../persons/persons.table';
import { rateLimitHits } from '../rate-limit/rate-limit.table';
import { seasonEnrolments, seasons } from '../seasons/seasons.table';
import { book, type BookArgs } from './booking';
import { programmeRateRules } from './programme-rate-limits';
import { offeringEnrolments } from './programme.table';
import { createAwardingEvent, createModule, createOffering, createStaff } from './test-helpers';

/**
 * What a booking writes, row by row (issue 36: the one booking, docs/decisions/0043-one-booking-two-round-trips.md): its
 * enrolments, their audit entries, the rate limit's hit and the mails with all their data, through the path
 * production takes (on PostgreSQL the pipelined transaction with its prepared statements); and for every reason to
 * refuse, the answer and nothing written.
 */
const w = createTestWorld(async () => {
  // the mail worker not started: the mails stay in the outbox with their data, as the booking wrote them
  const f = await facilityFixture({ mail: { start: false } });
  await enrol(f.db, f.facility.id, f.season.id);
  return f;
});

const day = 86_400_000;

/** the newest id of each table a booking writes: what comes after it is this booking's */
async function marker() {
  const [m] = await queryRows<{ a: number; m: number; r: number; e: number }>(
    w.db,
    sql`select (select coalesce(max(id), 0) from audit_log) as a, (select coalesce(max(id), 0) from mail_outbox) as m,
      (select coalesce(max(id), 0) from rate_limit_hits) as r, (select coalesce(max(id), 0) from offering_enrolments) as e`,
  );
  return m!;
}

async function writtenSince(m: Awaited<ReturnType<typeof marker>>) {
  return {
    enrolments: await w.db
      .select()
      .from(offeringEnrolments)
      .where(gt(offeringEnrolments.id, Number(m.e)))
      .orderBy(asc(offeringEnrolments.id)),
    audit: await w.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, Number(m.a)))
      .orderBy(asc(auditLog.id)),
    mails: await w.db
      .select()
      .from(mailOutbox)
      .where(gt(mailOutbox.id, Number(m.m)))
      .orderBy(asc(mailOutbox.id)),
    hits: await w.db
      .select()
      .from(rateLimitHits)
      .where(gt(rateLimitHits.id, Number(m.r))),
  };
}

const args = (over: Partial<BookArgs> & Pick<BookArgs, 'offeringId' | 'personIds'>): BookArgs => ({
  facilityId: w.facility.id,
  actor: { actorUserId: w.users.member.id, requestId: 'req-1', ip: '127.0.0.1' },
  rateLimit: [{ rule: programmeRateRules.bookingPerFacility, key: String(over.facilityId ?? w.facility.id) }],
  ...over,
});

async function refused(a: BookArgs) {
  const m = await marker();
  const answer = await book(w.db, a).then(
    () => null,
    (err: unknown) => {
      if (!(err instanceof HttpError)) throw err;
      return { status: err.statusCode, code: err.code };
    },
  );
  const rows = await writtenSince(m);
  return { answer, written: Object.values(rows).flat().length };
}

describe('a booking writes its enrolments, audit entries, rate-limit hit and mails, and nothing when refused', () => {
  it('given two seats left and three persons, two seats and one waiting place, each with its audit entry and its mail', async () => {
    const o = await createOffering(w.db, w.season.id, { capacity: 3, onlineUrl: 'https://meet.example/abc' });
    const staff = await createStaff(w.db, w.facility.id, 4, { firstName: 'Jürgen', lastName: 'Öztürk' });
    const ids = staff.map((p) => p.id);
    await book(w.db, args({ offeringId: o.id, personIds: [ids[0]!] }));

    const m = await marker();
    const before = Date.now();
    const answer = await book(w.db, args({ offeringId: o.id, personIds: [ids[3]!, ids[1]!, ids[2]!] }));
    const rows = await writtenSince(m);

    expect(rows.enrolments.map((e) => [e.personId, e.state, e.overCapacity, e.confirmedAt !== null, e.facilityId, e.createdBy])).toEqual([
      [ids[3], 'confirmed', false, true, w.facility.id, w.users.member.id],
      [ids[1], 'confirmed', false, true, w.facility.id, w.users.member.id],
      [ids[2], 'waitlisted', false, false, w.facility.id, w.users.member.id],
    ]);
    const [e3, e1, e2] = rows.enrolments.map((e) => e.id);
    expect(answer.results).toEqual([
      { personId: ids[3], enrolmentId: e3, state: 'confirmed', waitlistPosition: null },
      { personId: ids[1], enrolmentId: e1, state: 'confirmed', waitlistPosition: null },
      { personId: ids[2], enrolmentId: e2, state: 'waitlisted', waitlistPosition: 1 },
    ]);
    expect(rows.audit.map((r) => ({ ...r, id: 0, at: null }))).toEqual(
      [
        [e3, ids[3], 'confirmed', null],
        [e1, ids[1], 'confirmed', null],
        [e2, ids[2], 'waitlisted', 1],
      ].map(([id, personId, state, waitlistPosition]) => ({
        id: 0,
        at: null,
        actorUserId: w.users.member.id,
        action: 'offering_enrolment.create',
        entityType: 'offering_enrolment',
        entityId: String(id),
        before: null,
        after: { offeringId: o.id, facilityId: w.facility.id, personId, state, waitlistPosition, overCapacity: false },
        requestId: 'req-1',
        ip: '127.0.0.1',
      })),
    );
    expect(rows.hits.map((h) => [h.bucket, h.key])).toEqual([[programmeRateRules.bookingPerFacility.bucket, String(w.facility.id)]]);
    const byId = new Map(staff.map((p) => [p.id, p]));
    expect(
      rows.mails.map((r) => ({
        recipient: r.recipient,
        template: r.template,
        data: r.data,
        status: r.status,
        budget: r.budget,
        facilityId: r.facilityId,
      })),
    ).toEqual(
      [
        [e3, ids[3], 'programme-booking-confirmed', null],
        [e1, ids[1], 'programme-booking-confirmed', null],
        [e2, ids[2], 'programme-booking-waitlisted', 1],
      ].map(([enrolmentId, personId, template, waitlistPosition]) => ({
        recipient: byId.get(personId as number)!.email,
        template,
        data: {
          enrolmentId,
          kind: 'training',
          title: o.title,
          startsAt: o.startsAt.toISOString(),
          endsAt: o.endsAt.toISOString(),
          place: o.place,
          onlineUrl: 'https://meet.example/abc',
          personName: 'Jürgen Öztürk',
          facilityLabel: 'Kinderhaus Sonnenschein',
          waitlistPosition,
          greetName: 'Jürgen',
        },
        status: 'pending',
        budget: 'counted',
        facilityId: w.facility.id,
      })),
    );
    // due now, on the clock the mail worker compares with
    for (const mail of rows.mails) expect(mail.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('given the rarer bookings, an admin, a staff entry without address, a used-up budget and an attended seat, each writes what it should', async () => {
    const o = await createOffering(w.db, w.season.id, { capacity: 2 });
    const [p, q, r] = await createStaff(w.db, w.facility.id, 3);
    // an admin on the KiTa's behalf beyond capacity: recorded, exempt from the budget
    await book(w.db, args({ offeringId: o.id, personIds: [p!.id, q!.id] }));
    let m = await marker();
    await book(
      w.db,
      args({ offeringId: o.id, personIds: [r!.id], byAdmin: true, overCapacity: true, rateLimit: [], actor: { actorUserId: w.users.admin.id } }),
    );
    let rows = await writtenSince(m);
    expect(rows.enrolments.map((e) => [e.state, e.overCapacity])).toEqual([['confirmed', true]]);
    expect(rows.audit.map((a) => [a.action, (a.after as { overCapacity: boolean }).overCapacity, a.requestId])).toEqual([
      ['offering_enrolment.create_on_behalf', true, null],
    ]);
    expect(rows.mails.map((mail) => [mail.budget, mail.facilityId])).toEqual([['exempt', null]]);
    expect(rows.hits).toEqual([]);

    // a staff entry without an address: its mails go to the KiTa's members, greeted by their own names
    const [noMail] = await createStaff(w.db, w.facility.id, 1, { email: '' });
    const open = await createOffering(w.db, w.season.id);
    m = await marker();
    await book(w.db, args({ offeringId: open.id, personIds: [noMail!.id] }));
    rows = await writtenSince(m);
    expect(rows.mails.map((mail) => [mail.recipient, (mail.data as { greetName: string }).greetName])).toEqual([[w.users.member.email, 'Maria']]);

    // a recipient's ten mails of the hour used up: booked, and the mail held back as `over`
    const [busy] = await createStaff(w.db, w.facility.id);
    await w.db.insert(mailOutbox).values(
      Array.from({ length: 10 }, () => ({
        recipient: busy!.email!.toUpperCase(),
        template: 'programme-booking-confirmed',
        budget: 'counted' as const,
        status: 'sent' as const,
      })),
    );
    m = await marker();
    const held = await book(w.db, args({ offeringId: open.id, personIds: [busy!.id] }));
    rows = await writtenSince(m);
    expect(held.results.map((x) => x.state)).toEqual(['confirmed']);
    expect(rows.mails.map((mail) => [mail.status, mail.budget, mail.data, mail.lastError])).toEqual([
      ['failed', 'over', null, 'budget: recipient 10/hour'],
    ]);

    // a cancelled seat is free again, an attended one is not
    const small = await createOffering(w.db, w.season.id, { capacity: 2 });
    const [s1, s2, s3] = await createStaff(w.db, w.facility.id, 3);
    const first = await book(w.db, args({ offeringId: small.id, personIds: [s1!.id, s2!.id] }));
    await w.db.update(offeringEnrolments).set({ state: 'cancelled' }).where(eq(offeringEnrolments.id, first.results[0]!.enrolmentId));
    await w.db.update(offeringEnrolments).set({ state: 'attended' }).where(eq(offeringEnrolments.id, first.results[1]!.enrolmentId));
    expect((await book(w.db, args({ offeringId: small.id, personIds: [s3!.id] }))).results[0]!.state).toBe('confirmed');
  });

  it('given every reason to refuse, the booking answers it and writes nothing', async () => {
    const [p, q] = await createStaff(w.db, w.facility.id, 2);
    const personIds = [p!.id];
    const plain = await createOffering(w.db, w.season.id);
    const other = await createFacility(w.db);
    await enrol(w.db, other.id, w.season.id);
    const cases: [string, BookArgs, string][] = [];
    const offering = async (over: Parameters<typeof createOffering>[2]) => (await createOffering(w.db, w.season.id, over)).id;
    cases.push(['a draft', args({ offeringId: await offering({ state: 'draft' }), personIds }), 'not_found']);
    cases.push(['a cancelled date', args({ offeringId: await offering({ state: 'cancelled' }), personIds }), 'offering_cancelled']);
    cases.push([
      'registration not open yet',
      args({ offeringId: await offering({ registrationOpensAt: new Date(Date.now() + day) }), personIds }),
      'registration_closed',
    ]);
    cases.push([
      'registration closed',
      args({ offeringId: await offering({ registrationClosesAt: new Date(Date.now() - day) }), personIds }),
      'registration_closed',
    ]);
    cases.push([
      'a date begun',
      args({ offeringId: await offering({ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000) }), personIds }),
      'registration_closed',
    ]);
    cases.push(['an unknown date', args({ offeringId: 999_999, personIds }), 'not_found']);
    const [oldSeason] = await w.db.insert(seasons).values({ identifier: '2025-26', label: 'KiTa-Jahr 2025/26' }).returning();
    cases.push(["another season's date", args({ offeringId: (await createOffering(w.db, oldSeason!.id)).id, personIds }), 'offering_closed']);
    cases.push([
      'a KiTa not enrolled',
      args({ facilityId: w.otherFacility.id, offeringId: plain.id, personIds: [(await createStaff(w.db, w.otherFacility.id))[0]!.id] }),
      'not_enrolled',
    ]);
    cases.push(['an unknown KiTa', args({ facilityId: 999_999, offeringId: plain.id, personIds }), 'not_found']);
    cases.push([
      "another KiTa's staff entry",
      args({ offeringId: plain.id, personIds: [(await createStaff(w.db, other.id))[0]!.id] }),
      'validation_failed',
    ]);
    const [removed] = await createStaff(w.db, w.facility.id);
    await w.db.update(persons).set({ removedAt: new Date() }).where(eq(persons.id, removed!.id));
    cases.push(['a removed staff entry', args({ offeringId: plain.id, personIds: [removed!.id] }), 'validation_failed']);
    cases.push(['the same person twice', args({ offeringId: plain.id, personIds: [p!.id, p!.id] }), 'validation_failed']);
    await book(w.db, args({ offeringId: plain.id, personIds: [q!.id] }));
    cases.push(['a person booked already', args({ offeringId: plain.id, personIds: [q!.id] }), 'already_booked']);
    const perEvent = await createModule(w.db, w.season.id, { maxPerFacilityPerEvent: 1 });
    cases.push(['the limit per date', args({ offeringId: await offering({ moduleId: perEvent.id }), personIds: [p!.id, q!.id] }), 'limit_per_event']);
    const perModule = await createModule(w.db, w.season.id, { maxPerFacilityPerModule: 1 });
    await book(w.db, args({ offeringId: await offering({ moduleId: perModule.id }), personIds: [q!.id] }));
    cases.push(['the limit per module', args({ offeringId: await offering({ moduleId: perModule.id }), personIds }), 'limit_per_module']);
    const event = await createAwardingEvent(w.db, w.season.id);
    cases.push([
      'an awarding workshop of a KiTa not approved',
      args({ offeringId: await offering({ kind: 'awarding', awardingEventId: event.id, moduleId: null }), personIds }),
      'not_approved',
    ]);
    const tight = { rule: { bucket: 'test-booking', limit: 1, windowMs: day }, key: String(w.facility.id) };
    await w.db.insert(rateLimitHits).values({ bucket: tight.rule.bucket, key: tight.key });
    cases.push(['a full rate limit', args({ offeringId: plain.id, personIds, rateLimit: [tight] }), 'too_many_requests']);
    const merged = await createFacility(w.db);
    await enrol(w.db, merged.id, w.season.id);
    await w.db.update(facilities).set({ mergedIntoId: w.facility.id }).where(eq(facilities.id, merged.id));
    cases.push(['a KiTa merged away', args({ facilityId: merged.id, offeringId: plain.id, personIds }), 'not_found']);

    for (const [name, a, code] of cases) {
      expect.soft(await refused(a), name).toEqual({ answer: { status: expect.any(Number), code }, written: 0 });
    }

    // a withdrawn enrolment, then no current season at all
    const [enrolment] = await w.db.select().from(seasonEnrolments).where(eq(seasonEnrolments.facilityId, w.facility.id));
    await w.db.update(seasonEnrolments).set({ withdrawnAt: new Date() }).where(eq(seasonEnrolments.id, enrolment!.id));
    expect(await refused(args({ offeringId: plain.id, personIds }))).toEqual({ answer: { status: 403, code: 'not_enrolled' }, written: 0 });
    await w.db.update(seasonEnrolments).set({ withdrawnAt: null }).where(eq(seasonEnrolments.id, enrolment!.id));
    await w.db.update(seasons).set({ isCurrent: false }).where(eq(seasons.id, w.season.id));
    expect(await refused(args({ offeringId: plain.id, personIds }))).toMatchObject({ answer: { code: 'offering_closed' }, written: 0 });
    await w.db.update(seasons).set({ isCurrent: true }).where(eq(seasons.id, w.season.id));
    // and the plain case between them is booked
    expect((await book(w.db, args({ offeringId: plain.id, personIds }))).results.map((x) => x.state)).toEqual(['confirmed']);
  });
});
