import { asc, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../db/client';
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
import { bookInOneCall } from './booking-in-one-call';
import { programmeRateRules } from './programme-rate-limits';
import { offeringEnrolments } from './programme.table';
import { createAwardingEvent, createModule, createOffering, createStaff } from './test-helpers';

/**
 * Pins the booking in one call (`programme_book_in_one_call`, docs/decisions/0031-booking-in-one-call.md) to the readable
 * `book()`: on the same database state, each runs in a transaction that is rolled back afterwards, and both must answer
 * the same and write the same rows (enrolments, audit entries, rate-limit hits, mails with their data). Every case the
 * function does not take must come back as null with nothing written, so the readable version decides it.
 */
const w = createTestWorld(async () => {
  const f = await facilityFixture();
  await enrol(f.db, f.facility.id, f.season.id);
  return f;
});

class Rollback extends Error {}
const day = 86_400_000;

/** what one path answered and wrote; enrolment ids as their order among the new rows (ids are not rolled back) */
async function outcome(run: (db: Db) => Promise<unknown>) {
  let seen: unknown;
  const [{ a, m, r, e }] = (await queryRows<{ a: number; m: number; r: number; e: number }>(
    w.db,
    sql`select (select coalesce(max(id), 0) from audit_log) as a, (select coalesce(max(id), 0) from mail_outbox) as m,
      (select coalesce(max(id), 0) from rate_limit_hits) as r, (select coalesce(max(id), 0) from offering_enrolments) as e`,
  )) as [{ a: number; m: number; r: number; e: number }];
  await w.db
    .transaction(async (outer) => {
      let answer: unknown;
      try {
        answer = await outer.transaction((tx) => run(tx as unknown as Db));
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        answer = { status: err.statusCode, code: err.code, message: err.message };
      }
      const enrolments = await outer
        .select()
        .from(offeringEnrolments)
        .where(gt(offeringEnrolments.id, Number(e)))
        .orderBy(asc(offeringEnrolments.id));
      const ref = new Map(enrolments.map((row, i) => [row.id, `E${i}`]));
      const norm = (id: unknown) => ref.get(Number(id)) ?? id;
      const normalise = (x: unknown): unknown => JSON.parse(JSON.stringify(x ?? null), (k, v) => (k === 'enrolmentId' ? norm(v) : v));
      seen = {
        answer: normalise(answer),
        enrolments: enrolments.map((row) => ({
          id: norm(row.id),
          offeringId: row.offeringId,
          facilityId: row.facilityId,
          personId: row.personId,
          state: row.state,
          overCapacity: row.overCapacity,
          confirmed: row.confirmedAt !== null,
          createdBy: row.createdBy,
          updatedBy: row.updatedBy,
        })),
        audit: (
          await outer
            .select()
            .from(auditLog)
            .where(gt(auditLog.id, Number(a)))
            .orderBy(asc(auditLog.id))
        ).map((row) => ({
          actorUserId: row.actorUserId,
          action: row.action,
          entityType: row.entityType,
          entityId: norm(row.entityId),
          before: row.before,
          after: row.after,
          requestId: row.requestId,
          ip: row.ip,
        })),
        mails: (
          await outer
            .select()
            .from(mailOutbox)
            .where(gt(mailOutbox.id, Number(m)))
            .orderBy(asc(mailOutbox.id))
        ).map((row) => ({
          recipient: row.recipient,
          template: row.template,
          data: normalise(row.data),
          status: row.status,
          budget: row.budget,
          facilityId: row.facilityId,
          lastError: row.lastError,
          due: row.nextAttemptAt.getTime() <= Date.now(),
        })),
        hits: (
          await outer
            .select()
            .from(rateLimitHits)
            .where(gt(rateLimitHits.id, Number(r)))
        ).map((row) => ({ bucket: row.bucket, key: row.key })),
      };
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return seen as { answer: unknown; enrolments: unknown[]; audit: unknown[]; mails: unknown[]; hits: unknown[] };
}

const args = (over: Partial<BookArgs> & Pick<BookArgs, 'offeringId' | 'personIds'>): BookArgs => ({
  facilityId: w.facility.id,
  actor: { actorUserId: w.users.member.id, requestId: 'req-1', ip: '127.0.0.1' },
  rateLimit: [{ rule: programmeRateRules.bookingPerFacility, key: String(over.facilityId ?? w.facility.id) }],
  ...over,
});

/** the function takes the booking and writes what the readable version writes */
async function expectSameBooking(a: BookArgs) {
  const fast = await outcome((db) => bookInOneCall(db, a));
  const readable = await outcome((db) => book(db, a));
  expect(fast.answer, 'the function took the booking').not.toBeNull();
  expect(fast).toEqual(readable);
  expect(fast.mails.length).toBeGreaterThan(0);
  return fast;
}

/** the function leaves the booking to the readable version and writes nothing */
async function expectLeftToReadable(a: BookArgs) {
  const fast = await outcome((db) => bookInOneCall(db, a));
  expect(fast).toEqual({ answer: null, enrolments: [], audit: [], mails: [], hits: [] });
}

const commit = (a: BookArgs) => book(w.db, a);

describe('a booking in one call answers and writes what the readable book() does', () => {
  it('given free seats, one person, several at once across the last seat, a full date and a hospitation, both book alike', async () => {
    const o = await createOffering(w.db, w.season.id, { capacity: 3 });
    const staff = await createStaff(w.db, w.facility.id, 7, { firstName: 'Jürgen', lastName: 'Öztürk' });
    const ids = staff.map((p) => p.id);
    await expectSameBooking(args({ offeringId: o.id, personIds: [ids[0]!] }));
    await commit(args({ offeringId: o.id, personIds: [ids[0]!] }));
    // two seats left, three persons: two confirmed, one waiting
    const mixed = await expectSameBooking(args({ offeringId: o.id, personIds: [ids[3]!, ids[1]!, ids[2]!] }));
    expect((mixed.answer as { results: { state: string }[] }).results.map((r) => r.state)).toEqual(['confirmed', 'confirmed', 'waitlisted']);
    await commit(args({ offeringId: o.id, personIds: [ids[3]!, ids[1]!, ids[2]!] }));
    // full: waiting on place 2 and 3
    const waiting = await expectSameBooking(args({ offeringId: o.id, personIds: [ids[4]!, ids[5]!] }));
    expect((waiting.answer as { results: { waitlistPosition: number }[] }).results.map((r) => r.waitlistPosition)).toEqual([2, 3]);
    // a seat given back and one attended: the recount counts `attended`, not `cancelled`
    const rows = await w.db.select().from(offeringEnrolments).where(eq(offeringEnrolments.offeringId, o.id)).orderBy(asc(offeringEnrolments.id));
    await w.db.update(offeringEnrolments).set({ state: 'cancelled' }).where(eq(offeringEnrolments.id, rows[0]!.id));
    await w.db.update(offeringEnrolments).set({ state: 'attended' }).where(eq(offeringEnrolments.id, rows[1]!.id));
    await expectSameBooking(args({ offeringId: o.id, personIds: [ids[6]!] }));

    const visit = await createOffering(w.db, w.season.id, {
      kind: 'hospitation',
      hostFacilityId: w.otherFacility.id,
      onlineUrl: '',
      place: 'Kita Lechauen',
    });
    await expectSameBooking(args({ offeringId: visit.id, personIds: [ids[0]!, ids[1]!] }));
    // an online date with a registration window open now, without the rate limit
    const online = await createOffering(w.db, w.season.id, {
      onlineUrl: 'https://meet.example/abc',
      registrationOpensAt: new Date(Date.now() - day),
      registrationClosesAt: new Date(Date.now() + day),
    });
    await expectSameBooking(args({ offeringId: online.id, personIds: [ids[2]!], rateLimit: [] }));
  });

  it('given every reason to refuse, the function writes nothing and the readable version answers', async () => {
    const [p, q] = await createStaff(w.db, w.facility.id, 2);
    const personIds = [p!.id];
    const plain = await createOffering(w.db, w.season.id);
    const other = await createFacility(w.db);
    await enrol(w.db, other.id, w.season.id);
    const cases: [string, BookArgs][] = [];
    const offering = async (over: Parameters<typeof createOffering>[2]) => (await createOffering(w.db, w.season.id, over)).id;
    cases.push(['a draft', args({ offeringId: await offering({ state: 'draft' }), personIds })]);
    cases.push(['a cancelled date', args({ offeringId: await offering({ state: 'cancelled' }), personIds })]);
    cases.push(['registration not open yet', args({ offeringId: await offering({ registrationOpensAt: new Date(Date.now() + day) }), personIds })]);
    cases.push(['registration closed', args({ offeringId: await offering({ registrationClosesAt: new Date(Date.now() - day) }), personIds })]);
    cases.push([
      'a date begun',
      args({ offeringId: await offering({ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000) }), personIds }),
    ]);
    cases.push([
      'a date over',
      args({ offeringId: await offering({ startsAt: new Date(Date.now() - 2 * day), endsAt: new Date(Date.now() - day) }), personIds }),
    ]);
    cases.push(['an unknown date', args({ offeringId: 999_999, personIds })]);
    const [oldSeason] = await w.db.insert(seasons).values({ identifier: '2025-26', label: 'KiTa-Jahr 2025/26' }).returning();
    cases.push(["another season's date", args({ offeringId: (await createOffering(w.db, oldSeason!.id)).id, personIds })]);
    cases.push([
      'a KiTa not enrolled',
      args({ facilityId: w.otherFacility.id, offeringId: plain.id, personIds: [(await createStaff(w.db, w.otherFacility.id))[0]!.id] }),
    ]);
    cases.push(['an unknown KiTa', args({ facilityId: 999_999, offeringId: plain.id, personIds })]);
    cases.push(["another KiTa's staff entry", args({ offeringId: plain.id, personIds: [(await createStaff(w.db, other.id))[0]!.id] })]);
    const [removed] = await createStaff(w.db, w.facility.id);
    await w.db.update(persons).set({ removedAt: new Date() }).where(eq(persons.id, removed!.id));
    cases.push(['a removed staff entry', args({ offeringId: plain.id, personIds: [removed!.id] })]);
    cases.push(['the same person twice', args({ offeringId: plain.id, personIds: [p!.id, p!.id] })]);
    const [noMail] = await createStaff(w.db, w.facility.id, 1, { email: '' });
    cases.push(['a staff entry without address (the members get its mails)', args({ offeringId: plain.id, personIds: [noMail!.id] })]);
    await commit(args({ offeringId: plain.id, personIds: [q!.id] }));
    cases.push(['a person booked already', args({ offeringId: plain.id, personIds: [q!.id] })]);
    const perEvent = await createModule(w.db, w.season.id, { maxPerFacilityPerEvent: 1 });
    cases.push(['the limit per date', args({ offeringId: await offering({ moduleId: perEvent.id }), personIds: [p!.id, q!.id] })]);
    const perModule = await createModule(w.db, w.season.id, { maxPerFacilityPerModule: 1 });
    await commit(args({ offeringId: await offering({ moduleId: perModule.id }), personIds: [q!.id] }));
    cases.push(['the limit per module', args({ offeringId: await offering({ moduleId: perModule.id }), personIds })]);
    const event = await createAwardingEvent(w.db, w.season.id);
    cases.push([
      'an awarding workshop',
      args({ offeringId: await offering({ kind: 'awarding', awardingEventId: event.id, moduleId: null }), personIds }),
    ]);
    cases.push(['an admin', args({ offeringId: plain.id, personIds, byAdmin: true })]);
    const tight = { rule: { bucket: 'test-booking', limit: 1, windowMs: day }, key: String(w.facility.id) };
    await w.db.insert(rateLimitHits).values({ bucket: tight.rule.bucket, key: tight.key });
    cases.push(['a full rate limit', args({ offeringId: plain.id, personIds, rateLimit: [tight] })]);
    // the mail budget: the recipient's ten mails of the hour used up
    const [busy] = await createStaff(w.db, w.facility.id);
    await w.db.insert(mailOutbox).values(
      Array.from({ length: 10 }, () => ({
        recipient: busy!.email!.toUpperCase(),
        template: 'programme-booking-confirmed',
        budget: 'counted' as const,
        status: 'sent' as const,
      })),
    );
    cases.push(["a recipient's budget used up (the mail is held back)", args({ offeringId: plain.id, personIds: [busy!.id] })]);
    const merged = await createFacility(w.db);
    await enrol(w.db, merged.id, w.season.id);
    await w.db.update(facilities).set({ mergedIntoId: w.facility.id }).where(eq(facilities.id, merged.id));
    cases.push(['a KiTa merged away', args({ facilityId: merged.id, offeringId: plain.id, personIds })]);

    for (const [name, a] of cases) {
      await expect.soft(expectLeftToReadable(a), name).resolves.toBeUndefined();
    }
    // and the plain case between them is still taken
    await expectSameBooking(args({ offeringId: plain.id, personIds }));

    // a withdrawn enrolment, then no current season at all
    const [enrolment] = await w.db.select().from(seasonEnrolments).where(eq(seasonEnrolments.facilityId, w.facility.id));
    await w.db.update(seasonEnrolments).set({ withdrawnAt: new Date() }).where(eq(seasonEnrolments.id, enrolment!.id));
    await expectLeftToReadable(args({ offeringId: plain.id, personIds }));
    await w.db.update(seasonEnrolments).set({ withdrawnAt: null }).where(eq(seasonEnrolments.id, enrolment!.id));
    await w.db.update(seasons).set({ isCurrent: false }).where(eq(seasons.id, w.season.id));
    await expectLeftToReadable(args({ offeringId: plain.id, personIds }));
    await w.db.update(seasons).set({ isCurrent: true }).where(eq(seasons.id, w.season.id));
    await expectSameBooking(args({ offeringId: plain.id, personIds }));
    // the facility's budget: 40 counted mails of the hour
    await w.db.insert(mailOutbox).values(
      Array.from({ length: 40 }, (_, i) => ({
        recipient: `other${i}@kita.example`,
        template: 'programme-booking-confirmed',
        budget: 'counted' as const,
        status: 'sent' as const,
        facilityId: w.facility.id,
      })),
    );
    await expectLeftToReadable(args({ offeringId: plain.id, personIds }));
  });
});
