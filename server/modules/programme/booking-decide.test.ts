import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { facilityFixture } from '../../testing/facility-fixture';
import { createTestWorld } from '../../testing/test-world';
import { activeFacilityLabel, findActiveFacility } from '../facilities/facility-scope';
import { facilities } from '../facilities/facilities.table';
import { staffOfFacility, staffOfFacilityColumn } from '../persons/person-scope';
import { persons } from '../persons/persons.table';
import { createFacility } from '../../testing/factories';
import { currentSeasonColumn, seasonQueries } from '../seasons/seasons.queries';
import { seasonEnrolments, seasons } from '../seasons/seasons.table';
import { enrol } from '../../testing/factories';
import { decideSeats, type DecideArgs, type Decided } from './booking-decide';
import { seatsTaken, waitlistPositions } from './booking-tx';
import { offeringEnrolments, offerings, type OfferingEnrolmentRow } from './programme.table';
import { createOffering, createStaff } from './test-helpers';

/**
 * Pins the one-statement seats decision (docs/decisions/0029-booking-one-statement.md) to the readable version it stands
 * for: recount with `seatsTaken`, a drizzle insert, `waitlistPositions`. The same sequence of bookings on two twin
 * offerings must give the same states, over-capacity flags, waiting places, queue order and stored columns.
 */
const w = createTestWorld(() => facilityFixture());

async function readableDecide(tx: DbOrTx, a: DecideArgs): Promise<Decided[]> {
  let free = a.capacity - (await seatsTaken(tx, a.offeringId));
  const values = a.personIds.map((personId) => {
    const seat = free > 0;
    const beyond = !seat && a.overridden;
    if (seat) free -= 1;
    const state: 'confirmed' | 'waitlisted' = seat || beyond ? 'confirmed' : 'waitlisted';
    return {
      offeringId: a.offeringId,
      facilityId: a.facilityId,
      personId,
      state,
      queuedAt: sql`clock_timestamp()`,
      confirmedAt: state === 'confirmed' ? a.now : null,
      overCapacity: beyond,
      createdBy: a.actorUserId,
      updatedBy: a.actorUserId,
    };
  });
  const rows = (await tx.insert(offeringEnrolments).values(values).returning()) as OfferingEnrolmentRow[];
  const positions = await waitlistPositions(
    tx,
    a.offeringId,
    rows.filter((r) => r.state === 'waitlisted').map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    personId: r.personId,
    state: r.state as Decided['state'],
    overCapacity: r.overCapacity,
    waitlistPosition: positions.get(r.id) ?? null,
  }));
}

const stored = async (offeringId: number) =>
  (
    await w.db
      .select()
      .from(offeringEnrolments)
      .where(eq(offeringEnrolments.offeringId, offeringId))
      .orderBy(asc(offeringEnrolments.queuedAt), asc(offeringEnrolments.id))
  ).map((r) => ({
    personId: r.personId,
    state: r.state,
    overCapacity: r.overCapacity,
    confirmed: r.confirmedAt !== null,
    by: r.createdBy,
    updatedBy: r.updatedBy,
  }));

describe('the seats decision in one statement', () => {
  it('given twin offerings and the same bookings (single, several at once, a cancelled and an attended seat, an admin beyond capacity), it answers and stores what the readable version does', async () => {
    const staff = await createStaff(w.db, w.facility.id, 9);
    const ids = staff.map((p) => p.id);
    const [fast, readable] = [await createOffering(w.db, w.season.id, { capacity: 3 }), await createOffering(w.db, w.season.id, { capacity: 3 })];
    const now = new Date('2026-12-01T09:00:00Z');
    const steps: { personIds: number[]; overridden: boolean }[] = [
      { personIds: [ids[0]!], overridden: false },
      { personIds: [ids[1]!, ids[2]!, ids[3]!], overridden: false },
      { personIds: [ids[4]!], overridden: false },
      { personIds: [ids[5]!, ids[6]!], overridden: true },
      { personIds: [ids[7]!], overridden: false },
    ];
    const answers: Record<'fast' | 'readable', Omit<Decided, 'id'>[][]> = { fast: [], readable: [] };
    for (const [i, step] of steps.entries()) {
      for (const [name, offering] of [
        ['fast', fast],
        ['readable', readable],
      ] as const) {
        const args: DecideArgs = { offeringId: offering.id, capacity: 3, facilityId: w.facility.id, actorUserId: w.users.member.id, now, ...step };
        const decided = await w.db.transaction((tx) => (name === 'fast' ? decideSeats(tx, args) : readableDecide(tx, args)));
        answers[name].push(decided.map(({ id: _id, ...rest }) => rest));
        if (i === 1) {
          // a seat given back and one attended: the recount must count `attended`, not `cancelled`
          const [first, second] = decided;
          await w.db.update(offeringEnrolments).set({ state: 'cancelled' }).where(eq(offeringEnrolments.id, first!.id));
          await w.db.update(offeringEnrolments).set({ state: 'attended' }).where(eq(offeringEnrolments.id, second!.id));
        }
      }
    }
    expect(answers.fast).toEqual(answers.readable);
    expect(answers.fast.flat().some((d) => d.state === 'waitlisted' && d.waitlistPosition! > 1)).toBe(true);
    expect(answers.fast.flat().some((d) => d.overCapacity)).toBe(true);
    expect(await stored(fast.id)).toEqual(await stored(readable.id));
  });

  it('given a person booked already, the statement fails on the live unique index like the insert it replaces', async () => {
    const [p] = await createStaff(w.db, w.facility.id, 1);
    const o = await createOffering(w.db, w.season.id, { capacity: 3 });
    const args: DecideArgs = {
      offeringId: o.id,
      capacity: 3,
      facilityId: w.facility.id,
      personIds: [p!.id],
      overridden: false,
      actorUserId: null,
      now: new Date(),
    };
    await w.db.transaction((tx) => decideSeats(tx, args));
    await expect(w.db.transaction((tx) => decideSeats(tx, args))).rejects.toThrow();
  });
});

describe("the booking's one read: the KiTa's name and the staff entries as columns of the offering's select", () => {
  it('given active, merged and missing KiTas and own, removed, foreign and unknown staff entries, the columns say what findActiveFacility and staffOfFacility say', async () => {
    const o = await createOffering(w.db, w.season.id);
    const merged = await createFacility(w.db);
    await w.db.update(facilities).set({ mergedIntoId: w.facility.id }).where(eq(facilities.id, merged.id));
    const own = await createStaff(w.db, w.facility.id, 3);
    await w.db.update(persons).set({ removedAt: new Date() }).where(eq(persons.id, own[1]!.id));
    const [foreign] = await createStaff(w.db, w.otherFacility.id, 1);
    const asked = [own[2]!.id, own[0]!.id, own[1]!.id, foreign!.id, 999_999];
    for (const facilityId of [w.facility.id, w.otherFacility.id, merged.id, 999_999]) {
      const [row] = await w.db
        .select({ label: activeFacilityLabel(facilityId), staff: staffOfFacilityColumn(facilityId, asked) })
        .from(offerings)
        .where(eq(offerings.id, o.id));
      expect(row!.label).toBe((await findActiveFacility(w.db, facilityId))?.label ?? null);
      const readable = await staffOfFacility(w.db, facilityId, asked);
      expect(row!.staff).toEqual(readable.map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email })));
    }
    const [none] = await w.db
      .select({ staff: staffOfFacilityColumn(w.facility.id, []) })
      .from(offerings)
      .where(eq(offerings.id, o.id));
    expect(none!.staff).toEqual([]);
  });
});

describe("the booking's one read: the current season and the KiTa's live enrolment as a column", () => {
  it('given an enrolled, an approved, a withdrawn and a never enrolled KiTa, and then no current season, the column says what currentWithLiveEnrolment says', async () => {
    const o = await createOffering(w.db, w.season.id);
    const enrolled = await createFacility(w.db);
    const withdrawn = await createFacility(w.db);
    const never = await createFacility(w.db);
    const approved = await enrol(w.db, w.facility.id, w.season.id);
    await w.db
      .update(seasonEnrolments)
      .set({ approvedForAwardAt: new Date('2026-10-01T08:00:00Z') })
      .where(eq(seasonEnrolments.id, approved.id));
    await enrol(w.db, enrolled.id, w.season.id);
    const gone = await enrol(w.db, withdrawn.id, w.season.id);
    await w.db.update(seasonEnrolments).set({ withdrawnAt: new Date() }).where(eq(seasonEnrolments.id, gone.id));
    const compare = async () => {
      for (const facilityId of [w.facility.id, enrolled.id, withdrawn.id, never.id]) {
        const [row] = await w.db
          .select({ season: currentSeasonColumn(facilityId) })
          .from(offerings)
          .where(eq(offerings.id, o.id));
        const readable = await seasonQueries({ db: w.db }).currentWithLiveEnrolment(facilityId);
        const brief = row!.season;
        expect(
          brief === null
            ? null
            : { ...brief, approvedForAwardAt: brief.approvedForAwardAt === null ? null : new Date(brief.approvedForAwardAt).toISOString() },
        ).toEqual(
          readable && {
            id: readable.season.id,
            label: readable.season.label,
            enrolled: readable.enrolment !== null,
            approvedForAwardAt: readable.enrolment?.approvedForAwardAt?.toISOString() ?? null,
          },
        );
      }
    };
    await compare();
    await w.db.update(seasons).set({ isCurrent: false }).where(eq(seasons.id, w.season.id));
    await compare();
    await w.db.update(seasons).set({ isCurrent: true }).where(eq(seasons.id, w.season.id));
  });
});
