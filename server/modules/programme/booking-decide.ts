import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/**
 * The seats decision of a booking as one statement (issue 23, docs/decisions/0029-booking-one-statement.md): under the
 * offering's lock (taken by the statement before, so this statement's snapshot sees every booking committed before
 * the lock was granted) it recounts the seats, inserts each person `confirmed` while seats last (else `waitlisted`,
 * or `confirmed` beyond capacity when an admin overrides) and answers each waiting entry's place by (queued_at, id).
 * The readable version it stands for, and which `booking-decide.test.ts` pins it to: `seatsTaken`, a drizzle insert
 * with `clock_timestamp()` and `waitlistPositions` (booking.ts), three to four round trips instead of one.
 */
export type DecideArgs = {
  offeringId: number;
  capacity: number;
  facilityId: number;
  personIds: number[];
  /** an admin's override: beyond capacity, recorded on the enrolment */
  overridden: boolean;
  actorUserId: number | null;
  now: Date;
  /** the concurrency test's control (locks off): seconds between the count and the insert, to widen the race */
  raceWindowSeconds?: number;
};

export type Decided = { id: number; personId: number; state: 'confirmed' | 'waitlisted'; overCapacity: boolean; waitlistPosition: number | null };

export async function decideSeats(tx: DbOrTx, a: DecideArgs): Promise<Decided[]> {
  const rows = await queryRows<{
    id: number | string;
    person_id: number;
    state: Decided['state'];
    over_capacity: boolean;
    pos: number | string | null;
  }>(
    tx,
    sql`
    with taken as (
      select count(*)::int as n, ${a.raceWindowSeconds ? sql`pg_sleep(${a.raceWindowSeconds}::float8)` : sql`null`} as waited
      from offering_enrolments where offering_id = ${a.offeringId}::int and state in ('confirmed', 'attended')
    ), wanted as (
      select p.value::int as person_id, p.ord, p.ord <= ${a.capacity}::int - t.n as seat
      from json_array_elements_text(${JSON.stringify(a.personIds)}::json) with ordinality as p(value, ord), taken t
    ), ins as (
      insert into offering_enrolments (offering_id, facility_id, person_id, state, queued_at, confirmed_at, over_capacity, created_by, updated_by)
      select ${a.offeringId}::int, ${a.facilityId}::int, w.person_id,
        case when w.seat or ${a.overridden}::boolean then 'confirmed' else 'waitlisted' end,
        clock_timestamp(),
        case when w.seat or ${a.overridden}::boolean then ${a.now.toISOString()}::timestamptz end,
        not w.seat and ${a.overridden}::boolean,
        ${a.actorUserId}::int, ${a.actorUserId}::int
      from wanted w order by w.ord
      returning id, person_id, state, over_capacity, queued_at
    ), places as (
      select id, row_number() over (order by queued_at, id) as pos from (
        select id, queued_at from offering_enrolments where offering_id = ${a.offeringId}::int and state = 'waitlisted'
        union all
        select id, queued_at from ins where state = 'waitlisted'
      ) w
    )
    select ins.id, ins.person_id, ins.state, ins.over_capacity, places.pos
    from ins left join places on places.id = ins.id and ins.state = 'waitlisted'
    order by ins.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    personId: Number(r.person_id),
    state: r.state,
    overCapacity: r.over_capacity === true,
    waitlistPosition: r.pos === null ? null : Number(r.pos),
  }));
}
